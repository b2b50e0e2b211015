// Times ColPack's ordering + colouring of one Matrix Market pattern, in-process and repeated, for
// colpack-side-by-side.sh. Built in a scratch directory against a ColPack build; never shipped.
//
// usage: colpack_driver FILE.mtx column|star ORDERING REPS
// prints: colours fastest_ms median_ms fastest_cpu_ms median_cpu_ms
// (wall-clock time, then the CPU time of the calling thread, which time slices lost to other processes
// on a shared machine do not inflate)
//
// The pattern is handed over in ADOL-C's row-compressed form (row i: count, then sorted columns),
// so ColPack sees the rows and columns in the same order as Paradjoint's SparsityPattern. A fresh
// interface object is built for every repetition (untimed) because ColPack skips an ordering it
// has already computed.
#include "ColPackHeaders.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ColPack;

/** CPU time of the calling thread, in ms. */
static double threadCpuMs() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static std::vector<std::vector<unsigned int>> readPattern(const char *file, int &rows, int &cols) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    bool symmetric = line.find("symmetric") != std::string::npos;
    while (std::getline(in, line) && !line.empty() && line[0] == '%') {
    }
    long nnz;
    std::istringstream(line) >> rows >> cols >> nnz;
    std::vector<std::vector<unsigned int>> r(rows);
    for (long k = 0; k < nnz; k++) {
        std::getline(in, line);
        int i, j;
        std::istringstream(line) >> i >> j;
        r[i - 1].push_back(j - 1);
        if (symmetric && i != j) {
            r[j - 1].push_back(i - 1);
        }
    }
    for (auto &row : r) {
        std::sort(row.begin(), row.end());
    }
    return r;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        std::cerr << "usage: colpack_driver FILE.mtx column|star ORDERING REPS\n";
        return 2;
    }
    int rows, cols;
    auto pattern = readPattern(argv[1], rows, cols);
    std::string problem = argv[2];
    std::string ordering = argv[3];
    int reps = std::atoi(argv[4]);
    std::vector<unsigned int *> adolc(rows);
    for (int i = 0; i < rows; i++) {
        adolc[i] = new unsigned int[pattern[i].size() + 1];
        adolc[i][0] = (unsigned int)pattern[i].size();
        std::copy(pattern[i].begin(), pattern[i].end(), adolc[i] + 1);
    }
    std::vector<double> ms;
    std::vector<double> cpu;
    int colours = -1;
    for (int rep = 0; rep <= reps; rep++) { // repetition 0 warms caches and the allocator, not counted
        if (problem == "column") {
            BipartiteGraphPartialColoringInterface g(SRC_MEM_ADOLC, adolc.data(), rows, cols);
            double c0 = threadCpuMs();
            auto t0 = std::chrono::steady_clock::now();
            g.PartialDistanceTwoColoring(ordering, "COLUMN_PARTIAL_DISTANCE_TWO");
            auto t1 = std::chrono::steady_clock::now();
            double c1 = threadCpuMs();
            colours = g.GetVertexColorCount();
            if (rep > 0) {
                ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                cpu.push_back(c1 - c0);
            }
        } else {
            GraphColoringInterface g(SRC_MEM_ADOLC, adolc.data(), rows);
            double c0 = threadCpuMs();
            auto t0 = std::chrono::steady_clock::now();
            g.Coloring(ordering, problem == "star" ? "STAR" : problem);
            auto t1 = std::chrono::steady_clock::now();
            double c1 = threadCpuMs();
            colours = g.GetVertexColorCount();
            if (rep > 0) {
                ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                cpu.push_back(c1 - c0);
            }
        }
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    std::printf("%d %.2f %.2f %.2f %.2f\n", colours, ms.front(), ms[ms.size() / 2], cpu.front(), cpu[cpu.size() / 2]);
    for (auto p : adolc) {
        delete[] p;
    }
    return 0;
}
