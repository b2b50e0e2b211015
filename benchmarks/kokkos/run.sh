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
cxxflags="${PARADJOINT_KOKKOS_CXXFLAGS:--I/usr/include/trilinos}"
libs="${PARADJOINT_KOKKOS_LIBS:--ltrilinos_kokkoscore}"
g++ -std=c++17 -O3 -march=native -fopenmp -Wall -Wextra -Wno-unknown-pragmas $cxxflags bench_main.cpp $libs -o bench_main
sizes="10000 100000 1000000 10000000"
{
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs"
    echo "# compiler: $(g++ --version | head -1); g++ -O3 -march=native"
    echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git -C "$root" rev-parse --short HEAD)"
    echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    OMP_NUM_THREADS="${THREADS:-1}" ./bench_main $sizes
    echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee results/run.txt
"$here/report.sh" results/run.txt > "$root/docs/BENCHMARKS-kokkos.md"
echo "wrote docs/BENCHMARKS-kokkos.md"
