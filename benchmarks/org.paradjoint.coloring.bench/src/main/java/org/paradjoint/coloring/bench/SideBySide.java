package org.paradjoint.coloring.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.SparsityPattern;
import org.paradjoint.coloring.SparsityPatterns;
import org.paradjoint.coloring.io.MatrixMarketWriter;

/**
 * Paradjoint's half of {@code benchmarks/coloring/colpack-side-by-side.sh}: writes the matrices of issue #20
 * as Matrix Market files (so that ColPack colours exactly the same patterns) and times whole
 * {@code Coloring.color} calls (ordering + greedy pass, + recolouring where asked) warm, in-process.
 *
 * <p>Not JMH (this class compiles with plain {@code javac}, without the module's Maven build; the script
 * adds JMH's timing of the same cases when given the JMH jar), but the same discipline: warm-up calls until
 * at least {@value #WARMUP_CALLS} calls and {@value #WARMUP_NANOS} ns have passed (five calls were not
 * enough: the smallest-last ordering still ran at a third of its compiled speed), then {@code reps}
 * measured calls; the fastest and the median are printed.
 *
 * <p>Arguments: {@code OUT_DIR REPS [CASE]}, where a case is {@code matrix/problem/ordering/improve} (all
 * cases without it; {@code --list} prints them). The script runs one case per JVM so that ColPack's run of
 * the same case follows at once, under the same load. Output, one line per case:
 * {@code matrix problem ordering improve colours fastest_ms median_ms fastest_cpu_ms median_cpu_ms file}: wall-clock
 * time, then the CPU time of the calling thread (which time slices lost to other processes do not inflate;
 * the JIT compiler's and the garbage collector's threads are not in it, the allocations' zeroing is).
 */
public final class SideBySide {

    private static final int WARMUP_CALLS = 10;
    private static final long WARMUP_NANOS = 3_000_000_000L;

    /** Matrix, problem, and the orderings ColPack offers for that problem under the same names. */
    private record Case(String matrix, String problem, String[] orders, int improve) {
    }

    private static final String[] PARTIAL = {"natural", "largest-first", "smallest-last", "incidence-degree"};
    private static final String[] GENERAL = {"natural", "largest-first", "smallest-last", "incidence-degree",
        "dynamic-largest-first"};

    private static final Case[] CASES = {
        new Case("random-20000", "column", PARTIAL, 0),
        new Case("random-20000", "column", new String[] {"smallest-last", "largest-first"}, 10),
        new Case("lap2d-300", "star", GENERAL, 0),
        new Case("lap2d-300", "column", PARTIAL, 0),
        new Case("lap3d-40", "column", PARTIAL, 0),
        new Case("lap3d-40", "column", new String[] {"smallest-last"}, 10),
        new Case("lap3d-40", "star", GENERAL, 0),
    };

    private SideBySide() {
    }

    public static void main(String[] args) throws IOException {
        if (args[0].equals("--list")) {
            for (Case c : CASES) {
                for (String order : c.orders()) {
                    System.out.println(name(c, order));
                }
            }
            return;
        }
        Path out = Path.of(args[0]);
        int reps = Integer.parseInt(args[1]);
        Files.createDirectories(out);
        for (Case c : CASES) {
            SparsityPattern p = matrix(c.matrix());
            Path file = out.resolve(c.matrix() + ".mtx");
            if (!Files.exists(file)) {
                MatrixMarketWriter.write(p, file, false);
            }
            for (String order : c.orders()) {
                if (args.length > 2 && !args[2].equals(name(c, order))) {
                    continue;
                }
                ColoringAlgorithm a = ColoringAlgorithm.greedy(Names.order(order)).improve(c.improve());
                double[] ms = new double[reps];
                double[] cpu = new double[reps];
                ColoringResult r = null;
                long warmStart = System.nanoTime();
                for (int i = 0; i < WARMUP_CALLS || System.nanoTime() - warmStart < WARMUP_NANOS; i++) {
                    r = Coloring.color(p, Names.problem(c.problem()), a);
                }
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                for (int i = 0; i < reps; i++) {
                    long c0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    r = Coloring.color(p, Names.problem(c.problem()), a);
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                    cpu[i] = (threads.getCurrentThreadCpuTime() - c0) / 1e6;
                }
                if (!ColoringChecker.check(r).isEmpty()) {
                    throw new IllegalStateException("invalid colouring: " + c + " " + order);
                }
                Arrays.sort(ms);
                Arrays.sort(cpu);
                System.out.println(String.format(Locale.ROOT, "%s %s %s %d %d %.2f %.2f %.2f %.2f %s", c.matrix(),
                        c.problem(), order, c.improve(), r.colorCount(), ms[0], ms[reps / 2], cpu[0], cpu[reps / 2],
                        file));
            }
        }
    }

    private static String name(Case c, String order) {
        return c.matrix() + "/" + c.problem() + "/" + order + "/" + c.improve();
    }

    /** The matrices: the seed-1 random matrix its numbers were taken on, and the two Laplacians. */
    private static SparsityPattern matrix(String name) {
        return switch (name) {
            case "random-20000" -> SparsityPatterns.random(20_000, 20_000, 10, 1);
            case "lap2d-300" -> SparsityPatterns.laplacian2d(300);
            case "lap3d-40" -> SparsityPatterns.laplacian3d(40);
            default -> throw new IllegalArgumentException("unknown matrix " + name);
        };
    }
}
