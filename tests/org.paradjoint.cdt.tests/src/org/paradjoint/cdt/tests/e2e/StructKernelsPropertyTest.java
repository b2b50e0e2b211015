package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: the random kernels of {@link RandomKernelsPropertyTest}, rewritten so that their size
 * and arrays are members of a struct they get a pointer to ({@code d->n}, {@code d->y[i]}, the
 * annotation naming {@code d->y}), pass the same dot-product and finite-difference tests at 1
 * and 2 threads: flattening the struct changes nothing the engine sees, and the check driver
 * builds the struct around the members it holds. The struct also has members no kernel uses.
 * Every other kernel that reads the scalar {@code s} keeps it in the struct too and reads it once,
 * at its start, through a helper that takes the struct pointer ({@code double s = rk_s(d);}): the
 * kernel's flattened members then include {@code d->s}, which only the helper and the annotation
 * name.
 */
class StructKernelsPropertyTest {

    static final int KERNELS = 40;
    private static final Map<String, String> ALLOW_ZERO = Map.of(DriverRunner.ALLOW_ZERO, "1");
    /** The kernels' parameters that become members, in the struct's order after its unused ones. */
    private static final List<String> MEMBERS = List.of("n", "y", "z", "v", "x", "w");
    private static final String STRUCT = """
            struct rk_data {
                char tag[8];
                int n;
                double *y;
                double *z;
                double *v;
                const double *x;
                const double *w;
                double unused[3];
                double s;
            };

            static inline double rk_s(const struct rk_data *d)
            {
                return d->s;
            }
            """;
    private static final Pattern HEAD = Pattern.compile("void (\\w+)\\(([^)]*)\\)");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-struct-kernels");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @Test
    void randomKernelsOverAStructPassTheChecks() throws IOException {
        List<RandomKernel> kernels = RandomKernelsPropertyTest.kernels().stream().limit(KERNELS).toList();
        Map<String, CheckSpec> specs = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        int rewritten = 0;
        int throughHelper = 0;
        for (RandomKernel k : kernels) {
            String c = withStruct(k.toC(), readsSThroughHelper(k));
            rewritten += c.contains("struct rk_data *d") ? 1 : 0;
            throughHelper += c.contains("rk_s(d)") ? 1 : 0;
            sources.add(c);
            specs.put(k.name(), withStruct(k.spec(), c));
        }
        assertTrue(rewritten > KERNELS / 2, "too few kernels use a member: " + rewritten);
        assertTrue(throughHelper >= KERNELS / 8, "too few kernels pass the struct to a helper: " + throughHelper);
        String source = "#include <math.h>\n\n" + STRUCT + "\n" + String.join("\n", sources);
        CheckPipeline.Built built = CheckPipeline.build(work, "kernels", source, specs::get);
        assertEquals(CheckPipeline.Stage.PASSED, built.stage(), built.problem() + CheckPipeline.files(built, "kernels",
                200));
        List<String> wrong = new ArrayList<>();
        for (int threads : new int[] {1, 2}) {
            CheckReport report = CheckPipeline.runner().run(built.executable(), threads, ALLOW_ZERO).report();
            for (RandomKernel k : kernels) {
                CheckReport.Result r = report.result(k.name());
                if (r == null || r.dotError() > 1e-12 || r.fdError() > 1e-6) {
                    wrong.add(k.name() + " (seed " + k.seed() + ", " + threads + " thread(s)): "
                            + (r == null ? "no result" : String.join("\n", r.lines())) + "\n"
                            + withStruct(k.toC(), readsSThroughHelper(k)));
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " failures:\n" + String.join("\n", wrong));
    }

    /** Every other kernel (by seed) that reads {@code s} reads it from the struct, through {@code rk_s}. */
    private static boolean readsSThroughHelper(RandomKernel k) {
        return k.seed() % 2 == 0 && k.names().contains("s");
    }

    /**
     * The kernel with its parameters among {@link #MEMBERS} (and {@code s} when
     * {@code sThroughHelper}) moved into {@code struct rk_data *d}, first, and their uses (and
     * the annotation's names) written as members; {@code s} is then a local read by {@code rk_s(d)}.
     */
    static String withStruct(String c, boolean sThroughHelper) {
        Matcher head = HEAD.matcher(c);
        if (!head.find()) {
            throw new IllegalArgumentException(c);
        }
        List<String> kept = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        for (String p : head.group(2).split(",\\s*")) {
            String name = p.substring(p.lastIndexOf(' ') + 1).replace("*", "");
            (MEMBERS.contains(name) || sThroughHelper && name.equals("s") ? moved : kept).add(p);
        }
        if (moved.isEmpty()) {
            return c;
        }
        Set<String> names = moved.stream().map(p -> p.substring(p.lastIndexOf(' ') + 1).replace("*", ""))
                .collect(Collectors.toSet());
        List<String> params = new ArrayList<>(List.of("struct rk_data *d"));
        params.addAll(kept);
        String body = c.substring(head.end());
        String pragma = c.substring(0, head.start());
        for (String n : names) {
            if (sThroughHelper && n.equals("s")) {
                body = body.replaceFirst("\\{\n", "{\n    double s = rk_s(d);\n");
            } else {
                body = body.replaceAll("\\b" + n + "\\b", "d->" + n);
            }
            pragma = pragma.replaceAll("(?<=[(,:] ?)" + n + "\\b", "d->" + n);
        }
        return pragma + "void " + head.group(1) + "(" + String.join(", ", params) + ")" + body;
    }

    /** {@code spec} with the size given to the member that holds it ({@code d_n}, the flattened name). */
    private static CheckSpec withStruct(CheckSpec spec, String c) {
        if (!c.contains("d->n")) {
            return spec;
        }
        List<String> args = spec.toArguments().stream().map(a -> a.replaceAll("\\bn\\b", "d->n")).toList();
        return CheckSpecParser.parse(args);
    }
}
