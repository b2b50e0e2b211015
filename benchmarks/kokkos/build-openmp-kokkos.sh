#!/usr/bin/env bash
# Builds a Kokkos with its OpenMP backend from Debian's own Trilinos source package (the same
# Kokkos 3.4 as libtrilinos-kokkos-dev, which has the Serial backend only), for threaded timings.
# Never needed by the tests. Usage:
#   benchmarks/kokkos/build-openmp-kokkos.sh [PREFIX]      # default PREFIX: /tmp/kokkos-openmp
# then
#   PARADJOINT_KOKKOS_CXXFLAGS="-I PREFIX/include" PARADJOINT_KOKKOS_LIBS="-L PREFIX/lib -lkokkoscore -ldl" \
#   THREADS=2 benchmarks/kokkos/run.sh
set -euo pipefail
prefix="${1:-/tmp/kokkos-openmp}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! apt-cache showsrc trilinos >/dev/null 2>&1 || [ -z "$(apt-cache showsrc trilinos 2>/dev/null)" ]; then
    . /etc/os-release
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$VERSION_CODENAME" > /etc/apt/sources.list.d/paradjoint-src.sources
    apt-get update -q
fi
command -v cmake >/dev/null || apt-get install -y -q cmake
cd "$work"
apt-get source --download-only trilinos
tar xzf trilinos_*.orig.tar.gz --wildcards '*/packages/kokkos/*'
src=$(echo "$work"/*/packages/kokkos)
cmake -S "$src" -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_SERIAL=ON -DCMAKE_CXX_STANDARD=17 -DBUILD_SHARED_LIBS=OFF
cmake --build build -j "$(nproc)"
cmake --install build
echo "Kokkos with OpenMP installed in $prefix"
