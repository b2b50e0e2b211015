#!/usr/bin/env bash
# Torsion gradient benchmark of the separable mode (docs/BENCHMARKS-separable.md).
# Compiles the Java sources of core, coloring, cdt and separable with javac (no Maven: the CDT
# jar and the Eclipse platform jars come from ~/.m2, which ./mvnw populates), generates the
# sparse gradient and the reverse mode of examples/separable/torsion.c, compiles everything with
# gcc -O2 and runs the benchmark for nx = ny in NXS (default: 10 32 100 316 1000), for the default
# (the sweep adds every iteration's derivatives to the gradient directly), the compressed Jacobian
# with weighted rows (one block) and with one block per elemental.
#
# Then the chained Rosenbrock function (examples/separable/rosenbrock.c) for n in ROSENBROCK_NS
# (default: 10000 100000 1000000), direct and compressed.
#
#   benchmarks/separable/run.sh [NX ...]        results: benchmarks/separable/target/results.txt
set -euo pipefail

HERE=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$ROOT/.mvn/select-jdk.sh"
OUT="$HERE/target"
M2="${M2_REPO:-$HOME/.m2/repository}"
mkdir -p "$OUT/classes" "$OUT/gen"

jar_of() { # newest jar under an ~/.m2 folder
    ls "$M2/$1"/*/*.jar 2>/dev/null | grep -v sources | sort -V | tail -n 1
}
CP="$(ls "$M2"/io/joern/eclipse-cdt-core/*/eclipse-cdt-core-*.jar | grep -v sources | sort -V | tail -n 1)"
for a in org/eclipse/platform/org.eclipse.core.runtime org/eclipse/platform/org.eclipse.equinox.common \
         org/eclipse/platform/org.eclipse.core.jobs org/eclipse/platform/org.eclipse.equinox.registry \
         org/eclipse/platform/org.eclipse.equinox.preferences org/eclipse/platform/org.eclipse.core.contenttype \
         org/eclipse/platform/org.eclipse.osgi org/osgi/org.osgi.service.prefs org/slf4j/slf4j-api; do
    CP="$CP:$(jar_of "$a")"
done

echo "compiling the generator..." >&2
find "$ROOT"/bundles/org.paradjoint.{core,coloring,cdt,separable}/src -name '*.java' > "$OUT/sources.txt"
"$JAVA_HOME/bin/javac" --release 21 -nowarn -d "$OUT/classes" -cp "$CP" @"$OUT/sources.txt"
# the resources next to the classes: the support file, the catalogue of problems (diagnostics), ...
for b in core coloring cdt separable; do
    (cd "$ROOT/bundles/org.paradjoint.$b/src" && find . -type f ! -name '*.java' -exec cp --parents {} "$OUT/classes" \;)
done
"$JAVA_HOME/bin/java" -cp "$OUT/classes:$CP" "$HERE/Generate.java" "$ROOT/examples/separable/torsion.c" "$OUT/gen" \
    2> >(grep -v SLF4J >&2)

echo "compiling the benchmark (gcc -O2)..." >&2
CFLAGS=(-std=c11 -D_POSIX_C_SOURCE=199309L -Wall -Wextra -Werror -fopenmp -O2)
cd "$OUT/gen"
gcc "${CFLAGS[@]}" -DPARADJOINT_TIMING -DPARADJOINT_TIMING_CPU -c torsion_ps.c -o torsion_ps.o
gcc "${CFLAGS[@]}" -Wno-unknown-pragmas -c "$ROOT/examples/separable/torsion.c" -o torsion.o
gcc "${CFLAGS[@]}" -Wno-unused-but-set-variable -c torsion_b.c -o torsion_b.o
gcc "${CFLAGS[@]}" -I. -c "$HERE/torsion_bench.c" -o torsion_bench.o
gcc -fopenmp torsion_bench.o torsion_ps.o torsion.o torsion_b.o -o "$OUT/torsion_bench" -lm
# the variant with one block of rows per elemental
gcc "${CFLAGS[@]}" -DPARADJOINT_TIMING -DPARADJOINT_TIMING_CPU -c blocks/torsion_ps.c -o blocks/torsion_ps.o
gcc "${CFLAGS[@]}" -Iblocks -c "$HERE/torsion_bench.c" -o blocks/torsion_bench.o
gcc -fopenmp blocks/torsion_bench.o blocks/torsion_ps.o torsion.o torsion_b.o -o "$OUT/torsion_bench_blocks" -lm
# the compressed Jacobian (colouring fixed at generation time; the default before the direct assembly)
gcc "${CFLAGS[@]}" -DPARADJOINT_TIMING -DPARADJOINT_TIMING_CPU -c compressed/torsion_ps.c -o compressed/torsion_ps.o
gcc "${CFLAGS[@]}" -Icompressed -c "$HERE/torsion_bench.c" -o compressed/torsion_bench.o
gcc -fopenmp compressed/torsion_bench.o compressed/torsion_ps.o torsion.o torsion_b.o -o "$OUT/torsion_bench_compressed" -lm
# the chained Rosenbrock function: direct assembly (default) and compressed
gcc "${CFLAGS[@]}" -Wno-unknown-pragmas -c "$ROOT/examples/separable/rosenbrock.c" -o rosenbrock/rosenbrock.o
for v in "" compressed/; do
    gcc "${CFLAGS[@]}" -DPARADJOINT_TIMING -DPARADJOINT_TIMING_CPU -c rosenbrock/${v}rosenbrock_ps.c -o rosenbrock/${v}rosenbrock_ps.o
    gcc "${CFLAGS[@]}" -Irosenbrock/$v -c "$HERE/rosenbrock_bench.c" -o rosenbrock/${v}rosenbrock_bench.o
    gcc -fopenmp rosenbrock/${v}rosenbrock_bench.o rosenbrock/${v}rosenbrock_ps.o rosenbrock/rosenbrock.o \
        -o "$OUT/rosenbrock_bench${v:+_compressed}" -lm
done

NXS=("$@")
[ ${#NXS[@]} -gt 0 ] || NXS=(10 32 100 316 1000)
{
    echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(uname -srm); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs);" \
         "$(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $(gcc --version | head -n 1)"
    for nx in "${NXS[@]}"; do
        echo "direct $(OMP_NUM_THREADS=1 "$OUT/torsion_bench" "$nx")"
    done
    for nx in "${NXS[@]}"; do
        echo "compressed $(OMP_NUM_THREADS=1 "$OUT/torsion_bench_compressed" "$nx")"
    done
    for nx in "${NXS[@]}"; do
        echo "block-per-elemental $(OMP_NUM_THREADS=1 "$OUT/torsion_bench_blocks" "$nx" 7 0)"
    done
    for rn in ${ROSENBROCK_NS:-10000 100000 1000000}; do
        echo "rosenbrock $(OMP_NUM_THREADS=1 "$OUT/rosenbrock_bench" "$rn")"
        echo "rosenbrock-compressed $(OMP_NUM_THREADS=1 "$OUT/rosenbrock_bench_compressed" "$rn")"
    done
} | tee "$OUT/results.txt"
