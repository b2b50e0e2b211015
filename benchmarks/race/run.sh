#!/bin/sh
# Run times of the generated adjoints of compact3 and compact17 (10^6 points) and green_gauss
# (10^5 mesh nodes) in four variants, with 1 and 2 OpenMP threads (minimum of 5 runs each, the
# runs of the variants interleaved):
#   proven      race analysis on (the default): plain += where proven, omp atomic elsewhere
#   all-atomic  --no-race-analysis: every shared adjoint increment atomic (the baseline)
#   reduction   --race-strategy reduction: unproven adjoints in reduction(+: ...) clauses (here all
#               increments are proven, so it is the proven variant; the command line no longer
#               combines --no-race-analysis with the reduction strategy)
#   serial      the same function without its omp pragmas, differentiated (1 thread only)
# Usage: benchmarks/race/run.sh [--regenerate]
#   --regenerate  first rewrites generated/*.c with ./paradjoint differentiate --force (needs the product)
set -e
cd "$(dirname "$0")"
ROOT=../..
mkdir -p build

if [ "$1" = "--regenerate" ]; then
    P=${PARADJOINT:-$ROOT/paradjoint}
    for k in compact3 compact17; do
        src=$ROOT/examples/formad/$k.c
        $P differentiate --force "$src" -o generated/${k}_b.c
        $P differentiate --force "$src" --no-race-analysis --adjoint-suffix ba -o generated/${k}_ba.c
        $P differentiate --force "$src" --race-strategy reduction --extent uold=n \
            --adjoint-suffix br -o generated/${k}_br.c
        sed '/^#pragma omp/d' "$src" > build/${k}_serial.c
        $P differentiate --force build/${k}_serial.c --adjoint-suffix bs -o generated/${k}_bs.c
    done
    src=kernels/greengauss_nodes.c
    $P differentiate --force $src -o generated/greengauss_nodes_b.c
    $P differentiate --force $src --no-race-analysis --adjoint-suffix ba -o generated/greengauss_nodes_ba.c
    $P differentiate --force $src --race-strategy reduction --adjoint-suffix br \
        -o generated/greengauss_nodes_br.c
    sed '/^#pragma omp/d' $src > build/greengauss_nodes_serial.c
    $P differentiate --force build/greengauss_nodes_serial.c --adjoint-suffix bs -o generated/greengauss_nodes_bs.c
fi

CC=${CC:-gcc}
CFLAGS="-O3 -march=native -fopenmp"
for k in compact3 compact17 greengauss control; do
    $CC $CFLAGS bench_$k.c -o build/bench_$k -lm
done

# The reduction variant's private copies of the adjoint arrays live on the threads' stacks
# (8 MB per copy at 10^6 points).
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true
export OMP_STACKSIZE=${OMP_STACKSIZE:-64M}
# The OpenMP runtime's own wait policy unless OMP_WAIT_POLICY is set (libgomp spins briefly at
# barriers, then sleeps). On a machine shared with other work, OMP_WAIT_POLICY=passive keeps a
# spinning thread from taking the CPU its partner needs, at the price of a wake-up per parallel
# region, which loops of a few microseconds (green_gauss's colours) feel.

{
    echo "# $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; $($CC --version | head -1)"
    echo "# $CC $CFLAGS; OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-(runtime default)}; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    for t in 1 2; do
        OMP_NUM_THREADS=$t build/bench_control
        OMP_NUM_THREADS=$t build/bench_compact3 1000000 400
        OMP_NUM_THREADS=$t build/bench_compact17 1000000 12
        OMP_NUM_THREADS=$t build/bench_greengauss 317 900
    done
    echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee build/results.txt

# Ratios of the minimum times (t = time, 1/2 = threads).
awk '{
    for (i = 1; i <= NF; i++) {
        if ($i ~ /^threads=/) { th = substr($i, 9) }
        if ($i ~ /^min_s=/) { t[$1 " " $2 " " th] = substr($i, 7) }
    }
}
END {
    printf "# available speed-up with 2 threads: compute %.2fx, memory %.2fx\n",
        t["control compute 1"] / t["control compute 2"], t["control memory 1"] / t["control memory 2"]
    n = split("compact3 compact17 greengauss", k, " ")
    for (j = 1; j <= n; j++) {
        p2 = t[k[j] " proven 2"]
        printf "# %s: all-atomic(2)/proven(2) %.2fx, serial/proven(2) %.2fx, proven(1)/proven(2) %.2fx, reduction(2)/proven(2) %.2fx\n",
            k[j], t[k[j] " all-atomic 2"] / p2, t[k[j] " serial 1"] / p2, t[k[j] " proven 1"] / p2,
            t[k[j] " reduction 2"] / p2
    }
}' build/results.txt
