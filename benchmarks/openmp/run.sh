#!/bin/sh
# The block-decomposed 2-D five-point solver of OpDiLib's study, the source-transformation way:
# for each kernel in kernels/ (a parallel region around the time loop, worksharing loops with
# schedule(static), a barrier), the primal, the proven adjoint (paradjoint's default), the
# all-atomic adjoint (--no-race-analysis: every adjoint increment atomic, as operator overloading
# tools do by default) and a hand-written adjoint (hand/), with 1 and 2 OpenMP threads:
#   check  the adjoints agree (relative 1e-9) and match central differences of the primal
#   time   the faster of two calls of each variant, each in its own process (runs interleaved,
#          5 processes per variant, minimum reported), with the process's peak resident set
# Writes results/run.txt and docs/BENCHMARKS-openmp.md.
# Usage: benchmarks/openmp/run.sh [--regenerate]
cd "$(dirname "$0")" || exit 1
ROOT=../..
mkdir -p build results generated
KERNELS='block_solver block_reaction'
N=${N:-1000}
STEPS=${STEPS:-20}

if [ "$1" = "--regenerate" ]; then
    P=${PARADJOINT:-$ROOT/paradjoint}
    : > results/differentiate.txt
    for k in $KERNELS; do
        $P differentiate kernels/$k.c -o generated/${k}_b.c --force >> results/differentiate.txt 2>&1 || exit 1
        $P differentiate kernels/$k.c --no-race-analysis -o generated/${k}_atomic_b.c --force \
            >> results/differentiate.txt 2>&1 || exit 1
    done
fi

CC=${CC:-gcc}
CFLAGS="-O3 -march=native -fopenmp"
objs=
for k in $KERNELS; do
    $CC $CFLAGS -c kernels/$k.c -o build/$k.o || exit 1
    $CC $CFLAGS -c generated/${k}_b.c -o build/${k}_b.o || exit 1
    $CC $CFLAGS -D${k}_b=${k}_atomic_b -c generated/${k}_atomic_b.c -o build/${k}_atomic_b.o || exit 1
    $CC $CFLAGS -c hand/${k}_hand.c -o build/${k}_hand.o || exit 1
    objs="$objs build/$k.o build/${k}_b.o build/${k}_atomic_b.o build/${k}_hand.o"
done
# shellcheck disable=SC2086
$CC $CFLAGS bench_main.c $objs -o build/bench_main -lm || exit 1

OUT=results/run.txt
{
    echo "# machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $(free -g | awk '/^Mem:/ {print $2}') GiB"
    echo "# compiler: $($CC --version | head -1); $CC $CFLAGS"
    echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC'); source tree at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    for t in 1 2; do
        for k in $KERNELS; do
            OMP_NUM_THREADS=$t build/bench_main check $k 60 5 || echo "check kernel=$k threads=$t FAILED"
        done
    done
    for rep in 1 2 3 4 5; do
        for t in 1 2; do
            for k in $KERNELS; do
                for v in primal proven atomic hand; do
                    OMP_NUM_THREADS=$t OMP_PROC_BIND=true build/bench_main time $k $v "$N" "$STEPS"
                done
            done
        done
    done
} > "$OUT" 2>&1
python3 report.py "$OUT" > "$ROOT/docs/BENCHMARKS-openmp.md"
grep -q FAIL "$OUT" && { echo "a check failed: see $OUT"; exit 1; }
echo "wrote $OUT and docs/BENCHMARKS-openmp.md"
