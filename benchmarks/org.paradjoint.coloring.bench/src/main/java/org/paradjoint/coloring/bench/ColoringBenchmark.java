package org.paradjoint.coloring.bench;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringProblem;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Warm time of one complete colouring (graph view + ordering + greedy pass) per matrix, problem and
 * ordering. The colour count, the split into order_ms / color_ms of the last call, and a validity check
 * are printed at the end of each trial (lines starting with "# colors").
 *
 * <p>Default parameters: the column problem on all three large matrices. Hessian problems:
 * {@code -p problem=star,acyclic,d1 -p matrix=lap2d-1000}; row problem: {@code -p problem=row}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx10g"})
public class ColoringBenchmark {

    @Param({"lap2d-1000", "lap3d-100", "random-1e6"})
    public String matrix;

    @Param({"column"})
    public String problem;

    @Param({"natural", "random", "largest-first", "smallest-last", "incidence-degree", "dynamic-largest-first"})
    public String order;

    private SparsityPattern pattern;
    private ColoringProblem coloringProblem;
    private ColoringAlgorithm algorithm;
    private ColoringResult last;

    @Setup(Level.Trial)
    public void setUp() {
        pattern = Matrices.get(matrix);
        coloringProblem = Names.problem(problem);
        algorithm = ColoringAlgorithm.greedy(Names.order(order));
    }

    @Benchmark
    public ColoringResult color() {
        last = Coloring.color(pattern, coloringProblem, algorithm);
        return last;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println(String.format(Locale.ROOT,
                "%n# colors %s %s %s: %d (lower bound %d), last call order_ms=%.1f color_ms=%.1f, valid=%s",
                matrix, problem, order, last.colorCount(), last.lowerBound(), last.orderMillis(),
                last.colorMillis(), ColoringChecker.check(last).map(v -> "NO: " + v).orElse("yes")));
    }
}
