#!/usr/bin/env bash
# Timing of the adjoint stencils against the primal and the conventional adjoints
# (docs/BENCHMARKS-stencil.md). Generates the adjoints of examples/stencil/{wave3d,burgers1d}.c
# into benchmarks/stencil/out/, compiles the drivers with gcc -O3 -march=native -fopenmp and runs
# them with OMP_NUM_THREADS=1 and 2 (each variant: minimum of 5 runs).
#
#   benchmarks/stencil/run.sh              # wave3d n=400, burgers1d 10^8 cells
#   WAVE_N=200 BURGERS_N=10000000 benchmarks/stencil/run.sh   # smaller, quicker
#   REPS=11 benchmarks/stencil/run.sh       # more repetitions on a busy machine
#
# Classes come from the headless product (./paradjoint builds it) or, if absent, from the
# bundles' target/classes after ./mvnw verify, plus the CDT jar of the local Maven repository.
set -euo pipefail

HERE=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/.mvn/select-jdk.sh"
OUT="$HERE/out"
mkdir -p "$OUT"

PRODUCT="$ROOT/releng/org.paradjoint.product/target/products/org.paradjoint.product/linux/gtk/x86_64/paradjoint/plugins"
CP=""
for d in "$ROOT"/bundles/*/target/classes; do
    CP="$CP:$d"
done
if [ -d "$PRODUCT" ]; then
    for j in "$PRODUCT"/*.jar; do
        CP="$CP:$j"
    done
else
    M2="${M2_REPO:-$HOME/.m2/repository}"
    for j in $(find "$M2/io/joern/eclipse-cdt-core" "$M2/org/eclipse/platform" "$M2/org/osgi/org.osgi.service.prefs" \
            "$M2/org/slf4j/slf4j-api" -name '*.jar' ! -name '*sources*' 2>/dev/null | sort); do
        CP="$CP:$j"
    done
fi

"$JAVA_HOME/bin/java" -cp "${CP#:}" "$HERE/Generate.java" "$ROOT" "$OUT" wave3d burgers1d 2>&1 | grep -v '^SLF4J'

CFLAGS="-O3 -march=native -fopenmp -Wall -Wno-unknown-pragmas"
gcc $CFLAGS -DREPS="${REPS:-5}" -DN="${WAVE_N:-400}" "$HERE/bench_wave3d.c" -o "$OUT/bench_wave3d" -lm
gcc $CFLAGS -DREPS="${REPS:-5}" -DN="${BURGERS_N:-100000000}" "$HERE/bench_burgers1d.c" -o "$OUT/bench_burgers1d" -lm
gcc $CFLAGS -DREPS="${REPS:-5}" -DN="${BURGERS_N:-100000000}" "$HERE/bench_bandwidth.c" -o "$OUT/bench_bandwidth"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores," \
     "$(free -g | awk '/Mem:/ {print $2}') GiB; $(gcc --version | head -n 1); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for bench in bench_wave3d bench_burgers1d bench_bandwidth; do
    for t in 1 2; do
        OMP_NUM_THREADS=$t OMP_PROC_BIND=true "$OUT/$bench"
    done
done
