#!/bin/sh
# Longer runs of the randomised suites that CI runs bounded:
#   SoundnessTest             random parallel loops (a quarter with a carried firstprivate, / and %
#                             indices, inner-loop writes); every SAFE verdict of the race analysis
#                             checked by enumerating the iterations (CI: 3000 loops)
#   RandomKernelsPropertyTest random C kernels through check --run: dot-product and finite-difference
#                             tests at 1 and 2 threads (CI: see KERNELS in the test)
# Usage: benchmarks/fuzz/run.sh [LOOPS [KERNELS]]   (defaults 20000 and 2000)
# The summary lines go to results/fuzz-DATE.txt; a failure prints the shrunk counterexample.
set -e
cd "$(dirname "$0")"
LOOPS=${1:-20000}
KERNELS=${2:-2000}
mkdir -p results
out=results/fuzz-$(date +%Y%m%d-%H%M).txt
cd ../..
xvfb-run -a ./mvnw -B -o verify -Dtest='SoundnessTest,RandomKernelsPropertyTest' \
    -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false \
    -Dparadjoint.testArgs="-Dparadjoint.loops=$LOOPS -Dparadjoint.kernels=$KERNELS" > "benchmarks/fuzz/$out.log" 2>&1 || status=$?
{
    echo "machine: $(nproc) cores, $(uname -sr); loops=$LOOPS kernels=$KERNELS"
    grep -H -E "soundness:|Tests run:" \
        tests/*/target/surefire-reports/*Soundness*.txt tests/*/target/surefire-reports/*RandomKernels*.txt \
        2>/dev/null || true
} > "benchmarks/fuzz/$out"
cat "benchmarks/fuzz/$out"
exit ${status:-0}
