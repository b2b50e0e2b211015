#!/bin/sh
# Cost of reverse mode on PolyBench-style kernels: for every kernel in kernels/, the primal, the
# adjoint paradjoint generates (generated/NAME_b.c) and a hand-written adjoint (hand/NAME_hand.c),
# with 1 and 2 OpenMP threads:
#   check  the hand-written adjoint against the generated one (same input and seed, relative
#          1e-9), and both against central finite differences of the primal (dot-product test)
#   time   minimum of 5 runs of each (runs interleaved), one call each, resets outside the timing
#   mem    peak resident set (maxRSS) of a process that runs one variant once
# Writes results/run.txt and docs/BENCHMARKS-reverse.md.
# Usage: benchmarks/reverse/run.sh [--regenerate]
#   --regenerate  first rewrites generated/*_b.c with ../../paradjoint differentiate
#                 (PARADJOINT=... overrides the command); its warnings go to results/differentiate.txt
cd "$(dirname "$0")" || exit 1
ROOT=../..
mkdir -p build results

# kernel     size arguments of bench_main   paradjoint options (- for none)
KERNELS='
pointwise    30000000                       -
gemm         500                            -
gemver       2000                           -
2mm          300                            -
atax         3000                           -
bicg         3000                           -
doitgen      96,64                          -
trmm         400                            -
jacobi2d     1000,20                        -
heat3d       100,20                         -
floyd        320                            -
'

if [ "$1" = "--regenerate" ]; then
    P=${PARADJOINT:-$ROOT/paradjoint}
    : > results/differentiate.txt
    echo "$KERNELS" | while read -r k sizes opts; do
        [ -n "$k" ] || continue
        [ "$opts" = "-" ] && opts=
        echo "== $P differentiate kernels/$k.c ${opts:+$opts }-o generated/${k}_b.c" >> results/differentiate.txt
        # shellcheck disable=SC2086
        $P differentiate kernels/$k.c $opts -o generated/${k}_b.c >> results/differentiate.txt 2>&1 \
            || { echo "paradjoint refused kernels/$k.c (see results/differentiate.txt)"; exit 1; }
    done || exit 1
fi

CC=${CC:-gcc}
CFLAGS="-O3 -march=native -fopenmp"
$CC $CFLAGS -Wno-unknown-pragmas bench_main.c -o build/bench_main -lm || exit 1

OUT=results/run.txt
{
    echo "# machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $(free -g | awk '/^Mem:/ {print $2}') GiB"
    echo "# compiler: $($CC --version | head -1); $CC $CFLAGS"
    echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC'); source tree at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "# OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-(runtime default)}; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    for t in 1 2; do
        echo "$KERNELS" | while read -r k sizes opts; do
            [ -n "$k" ] || continue
            args=$(echo "$sizes" | tr ',' ' ')
            # shellcheck disable=SC2086
            OMP_NUM_THREADS=$t build/bench_main check $k $args || echo "check kernel=$k threads=$t FAILED"
            # shellcheck disable=SC2086
            OMP_NUM_THREADS=$t build/bench_main time $k $args
            for v in primal generated hand; do
                # shellcheck disable=SC2086
                OMP_NUM_THREADS=$t build/bench_main mem $k $v $args
            done
        done
    done
    echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} 2>&1 | tee $OUT

sh ./report.sh $OUT > $ROOT/docs/BENCHMARKS-reverse.md
echo "wrote docs/BENCHMARKS-reverse.md"
