#!/bin/sh
# Checkpointed time loops against the taped adjoint: a nonlinear explicit time loop
# (kernels/burgers.c.in) differentiated without annotation (taped: every step on the tape) and with
# #pragma ad checkpoint(binomial, S) for S = 2, 4, 8, 16, 32 and without S (the run-time default),
# and the unannotated kernel again under a tape budget (BENCH_BUDGET, default 64M: checkpointed by
# default past it),
# each timed (minimum of REPS calls) and measured (maxRSS of a process that runs it) with 1 and 2
# OpenMP threads. Writes results/run.txt and docs/BENCHMARKS-checkpoint.md.
# Usage: benchmarks/checkpoint/run.sh   (N, NT, REPS override the sizes; PARADJOINT the command)
# The variants are generated first with ../../paradjoint differentiate (build the product with
# ./mvnw -B -o -q package -DskipTests); generated/ is not committed, the variants differ only in
# the annotation.
cd "$(dirname "$0")" || exit 1
ROOT=../..
N=${N:-100000}
NT=${NT:-400}
REPS=${REPS:-3}
VARIANTS='taped s2 s4 s8 s16 s32 default budget'
GENERATED='taped s2 s4 s8 s16 s32 default'
mkdir -p generated results build

{
    P=${PARADJOINT:-$ROOT/paradjoint}
    : > results/differentiate.txt
    for v in $GENERATED; do
        case $v in
            taped) pragma='' ;;
            default) pragma='#pragma ad checkpoint(binomial)' ;;
            *) pragma="#pragma ad checkpoint(binomial, ${v#s})" ;;
        esac
        sed -e "s/NAME/burgers_$v/" -e "s/^PRAGMA\$/$pragma/" kernels/burgers.c.in > generated/burgers_$v.c
        echo "== $P differentiate generated/burgers_$v.c" >> results/differentiate.txt
        $P differentiate generated/burgers_$v.c -o generated/burgers_${v}_b.c --force \
            >> results/differentiate.txt 2>&1 || { cat results/differentiate.txt; exit 1; }
    done
}

gcc -O3 -march=native -fopenmp -Wall -Wextra -Werror -Wno-unknown-pragmas bench_main.c -o build/bench -lm || exit 1
{
    echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB"
    echo "compiler: $(gcc --version | head -1); gcc -O3 -march=native -fopenmp"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD 2>/dev/null)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    for threads in 1 2; do
        for v in primal $VARIANTS; do
            OMP_NUM_THREADS=$threads build/bench "$v" "$N" "$NT" "$REPS" || exit 1
        done
    done
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} > results/run.txt
cat results/run.txt
python3 report.py results/run.txt > $ROOT/docs/BENCHMARKS-checkpoint.md
