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
 * Column colouring with recolouring ({@code improve(N)}) of the 3D 7-point Laplacian: smallest-last greedy
 * gets 12-13 colours, 7 is optimal. Prints the colour count before and after.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms6g", "-Xmx10g"})
public class ImproveBenchmark {

    @Param({"lap3d-40", "lap3d-100"})
    public String matrix;

    @Param({"smallest-last"})
    public String order;

    @Param({"10"})
    public int rounds;

    private SparsityPattern pattern;
    private ColoringAlgorithm algorithm;
    private ColoringResult last;

    @Setup(Level.Trial)
    public void setUp() {
        pattern = Matrices.get(matrix);
        algorithm = ColoringAlgorithm.greedy(Names.order(order)).improve(rounds);
    }

    @Benchmark
    public ColoringResult colorAndImprove() {
        last = Coloring.color(pattern, ColoringProblem.COLUMN, algorithm);
        return last;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println(String.format(Locale.ROOT,
                "%n# colors %s column %s improve(%d): greedy %d -> %d (lower bound %d), last call order_ms=%.1f"
                        + " color_ms=%.1f (improve %.1f), valid=%s",
                matrix, order, rounds, last.greedyColorCount(), last.colorCount(), last.lowerBound(),
                last.orderMillis(), last.colorMillis(), last.improveMillis(),
                ColoringChecker.check(last).map(v -> "NO: " + v).orElse("yes")));
    }
}
