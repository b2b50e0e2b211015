#!/usr/bin/env bash
# Side-by-side colour counts and warm in-process times of ColPack and Paradjoint on the matrices of
# issue #20, in one run on one machine.
#
# usage: benchmarks/coloring/colpack-side-by-side.sh COLPACK_SRC COLPACK_LIB_DIR [REPS [CASES]]
#   COLPACK_SRC      a ColPack source tree (its inc/ and src/ directories)
#   COLPACK_LIB_DIR  the directory holding the libColPack.a built from it
#   REPS             measured repetitions per case on each side (default 10)
#   CASES            an extended regular expression; only the cases matrix/problem/ordering/improve it
#                    matches are run (default: all), e.g. '/column/' or 'lap.*/column/smallest-last'.
#
# With JMH_JAR set to the benchmark module's target/benchmarks.jar, every case without recolouring is also
# timed by JMH (ColoringBenchmark, one fork, 3 warm-up and 5 measured iterations of 1 s) right after
# ColPack's run of it, and the table gets a column with JMH's mean and 99.9 % interval.
#
# ColPack is only linked into a scratch driver for measurement; nothing of it enters the project.
# Both sides colour the same Matrix Market files, written by Paradjoint's MatrixMarketWriter.
set -euo pipefail

src=$(cd "$1" && pwd)
lib=$(cd "$2" && pwd)
reps=${3:-10}
cases=${4:-.}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
work=$(mktemp -d /tmp/colpack-side-by-side.XXXXXX)

inc=""
for d in inc src/Utilities src/BipartiteGraphPartialColoring src/BipartiteGraphBicoloring \
    src/GeneralGraphColoring src/SMPGC src/Recovery; do
    inc="$inc -I$src/$d"
done
# ColPack's objects reference OpenMP symbols even when built without it, hence -fopenmp
g++ -O2 -std=c++14 -fopenmp -w $inc "$here/colpack_driver.cpp" "$lib/libColPack.a" -o "$work/colpack_driver"

bench="$root/benchmarks/org.paradjoint.coloring.bench/src/main/java/org/paradjoint/coloring/bench"
"$java_home/bin/javac" --release 21 -d "$work/classes" \
    $(find "$root/bundles/org.paradjoint.coloring/src" -name '*.java') "$bench/SideBySide.java" "$bench/Names.java"

colpack_name() {
    echo "$1" | tr 'a-z-' 'A-Z_'
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "# load before: $(uptime | sed 's/.*load average: //')"
# Times: wall clock, and in brackets the CPU time of the calling thread (fastest / median of REPS each).
jmh_jar=${JMH_JAR:-}
if [ -n "$jmh_jar" ]; then
    echo "| matrix | problem | ordering | improve | ColPack colours | ColPack ms (fastest / median), [CPU] | Paradjoint colours | Paradjoint ms (fastest / median), [CPU] | Paradjoint JMH ms/op | load |"
    echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
else
    echo "| matrix | problem | ordering | improve | ColPack colours | ColPack ms (fastest / median), [CPU] | Paradjoint colours | Paradjoint ms (fastest / median), [CPU] | load |"
    echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
fi
# One case at a time, Paradjoint's then ColPack's, never both at once: on a small shared machine they
# would slow each other down, and back to back they see about the same load.
java="$java_home/bin/java -Xms2g -Xmx4g -cp $work/classes org.paradjoint.coloring.bench.SideBySide"
for case in $($java --list | grep -E -- "$cases"); do
    read -r matrix problem order improve colours fast median cpu_fast cpu_median file \
        < <($java "$work/mtx" "$reps" "$case")
    if [ "$improve" = 0 ]; then
        read -r cp_colours cp_fast cp_median cp_cpu_fast cp_cpu_median \
            < <("$work/colpack_driver" "$file" "$problem" "$(colpack_name "$order")" "$reps")
        cp="| $cp_colours | $cp_fast / $cp_median [$cp_cpu_fast / $cp_cpu_median]"
    else
        cp="| - | -" # ColPack has no recolouring
    fi
    jmh=""
    if [ -n "$jmh_jar" ]; then
        jmh="| -"
        if [ "$improve" = 0 ]; then
            "$java_home/bin/java" -jar "$jmh_jar" ColoringBenchmark -p "matrix=$matrix" -p "problem=$problem" \
                -p "order=$order" -f 1 -wi 3 -w 1 -i 5 -r 1 -rf csv -rff "$work/jmh.csv" > "$work/jmh.log" 2>&1
            jmh="| $(tail -1 "$work/jmh.csv" | awk -F, '{printf "%.2f ± %.2f", $5, $6}')"
        fi
    fi
    echo "| $matrix | $problem | $order | $improve $cp | $colours | $fast / $median [$cpu_fast / $cpu_median] $jmh | $(cut -d' ' -f1 /proc/loadavg) |"
done
echo "# load after: $(uptime | sed 's/.*load average: //')"
rm -rf "$work"
