#!/usr/bin/env bash
# Kokkos benchmark of the Laplacian-residual example: primal, generated adjoint, all-atomic
# adjoint, at 10^4 .. 10^7 entries. Writes results/run.txt and docs/BENCHMARKS-kokkos.md.
#   benchmarks/kokkos/run.sh                 # with the Kokkos of PARADJOINT_KOKKOS_CXXFLAGS/LIBS
#                                            # (default: Debian's libtrilinos-kokkos-dev, Serial)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
mkdir -p generated results
cp "$root/examples/kokkos/residual_norm.cpp" .
"$root/paradjoint" differentiate residual_norm.cpp -o generated/residual_norm_b.cpp --force 2> results/differentiate.txt
"$root/paradjoint" differentiate residual_norm.cpp -o generated/residual_norm_b_atomic.cpp \
    --race-strategy all-atomic --force 2>> results/differentiate.txt
# One build per Kokkos: Debian's (Serial backend), and the OpenMP build of build-openmp-kokkos.sh
# when it is there (OPENMP_KOKKOS, default /tmp/kokkos-openmp), timed with 1 and 2 threads.
cxxflags="${PARADJOINT_KOKKOS_CXXFLAGS:--I/usr/include/trilinos}"
libs="${PARADJOINT_KOKKOS_LIBS:--ltrilinos_kokkoscore}"
openmp="${OPENMP_KOKKOS:-/tmp/kokkos-openmp}"
build() { g++ -std=c++17 -O3 -march=native -fopenmp -Wall -Wextra -Wno-unknown-pragmas $1 bench_main.cpp $2 -o "$3"; }
build "$cxxflags" "$libs" bench_serial
configs=("bench_serial 1")
if [ -f "$openmp/include/Kokkos_Core.hpp" ]; then
    build "-I$openmp/include" "-L$openmp/lib -lkokkoscore -ldl" bench_openmp
    configs+=("bench_openmp 1" "bench_openmp 2")
fi
sizes="10000 100000 1000000 10000000"
{
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs"
    echo "# compiler: $(g++ --version | head -1); g++ -O3 -march=native"
    echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git -C "$root" rev-parse --short HEAD)"
    echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    for c in "${configs[@]}"; do
        set -- $c
        OMP_NUM_THREADS=$2 OMP_PROC_BIND=false ./"$1" $sizes
    done
    echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee results/run.txt
"$here/report.sh" results/run.txt > "$root/docs/BENCHMARKS-kokkos.md"
echo "wrote docs/BENCHMARKS-kokkos.md"
