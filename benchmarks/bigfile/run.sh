#!/bin/sh
# Start-to-finish time of `paradjoint differentiate` on a 5 MB C file (bigfile.py: 2,190
# kernels, every 100th annotated), JVM start-up included, default options (race analysis on).
# Runs it RUNS times (default 5), prints the minimum and the median wall time, then checks that
# the adjoint file compiles with gcc -Wall -Wextra -Werror -fopenmp.
# Usage: benchmarks/bigfile/run.sh [RUNS [FUNCTIONS]]
set -e
cd "$(dirname "$0")"
RUNS=${1:-5}
FUNCTIONS=${2:-2190}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bigfile.py "$FUNCTIONS" > "$work/big.c"
echo "big.c: $(wc -c < "$work/big.c") bytes, $FUNCTIONS functions; machine: $(nproc) cores"
../../paradjoint --help > /dev/null # builds the command line on first use
for k in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    ../../paradjoint differentiate "$work/big.c" -o "$work/big_b.c" --force > /dev/null 2> "$work/err.txt"
    end=$(date +%s.%N)
    echo "$end - $start" | bc
done | sort -n | awk '{t[NR] = $1} END {printf "min %.2f s, median %.2f s over %d runs\n", t[1], t[int((NR + 1) / 2)], NR}'
gcc -Wall -Wextra -Werror -fopenmp -c "$work/big_b.c" -o "$work/big_b.o"
echo "big_b.c compiles strictly"
