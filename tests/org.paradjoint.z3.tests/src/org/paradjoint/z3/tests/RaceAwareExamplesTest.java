package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.race.Increment;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.Verdict;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;
import org.paradjoint.z3.Z3Prover;

/**
 * The adjoints of every example in {@code examples/formad}, in three variants: PROVEN (race
 * analysis, atomics only where no proof exists), ALL_ATOMIC (the baseline) and REDUCTION (race
 * analysis, unsafe adjoints in a reduction clause). Each compiles with
 * {@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp} and passes the dot-product (1e-12) and
 * finite-difference (1e-6) tests with 1 and 2 threads; on the generated IR, the PROVEN variant has
 * an atomic increment exactly where {@code examples/formad/README.md} says UNSAFE.
 */
class RaceAwareExamplesTest {

    enum Variant {
        PROVEN, ALL_ATOMIC, REDUCTION
    }

    /**
     * One example function: its check options (those of the C front-end's ExamplesTest table) and,
     * per parallel loop in source order, the expected verdict of each adjoint array it increments.
     */
    record Example(String file, String function, String options, List<Map<String, Verdict>> loops) {
        CheckSpec spec() {
            return CheckSpecParser.parse(Arrays.asList(options.split("\\s+")));
        }
    }

    static final List<Example> EXAMPLES = List.of(
            new Example("indirect.c", "indirect", "--set n=50 --index c=perm:n --extent x=n+8",
                    List.of(Map.of("xb", Verdict.SAFE))),
            new Example("compact3.c", "compact3", "--set n=40", List.of(Map.of("uoldb", Verdict.SAFE))),
            new Example("compact17.c", "compact17", "--set n=60", List.of(Map.of("uoldb", Verdict.SAFE))),
            new Example("gather3.c", "gather3", "--set n=30", List.of(Map.of("xb", Verdict.UNSAFE))),
            new Example("gfmc.c", "gfmc_split",
                    "--set ng=6 --set nj=5 --index mss=perm:4*ng --index flip=range:0:ng --extent cl=4*ng "
                            + "--extent cr=4*ng",
                    List.of(Map.of("crb", Verdict.SAFE), Map.of("crb", Verdict.UNSAFE))),
            new Example("gfmc.c", "gfmc_fused",
                    "--set ng=6 --set nj=5 --index mss=perm:4*ng --index flip=range:0:ng --extent cl=4*ng "
                            + "--extent cr=4*ng",
                    List.of(Map.of("crb", Verdict.UNSAFE))),
            new Example("greengauss.c", "green_gauss",
                    "--set ncolors=3 --set E=12 --index color_ia=ascending:0:E --index edge2nodes=perm:2*E "
                            + "--extent dv=2*E --extent grad=2*E",
                    List.of(Map.of("dvb", Verdict.SAFE))),
            new Example("lbm_stream.c", "lbm_stream", "--set nx=6 --set ny=5 --extent src=9*nx*ny --extent dst=9*nx*ny",
                    List.of(Map.of("srcb", Verdict.SAFE))));

    /**
     * Leading extents of the arrays whose adjoints the REDUCTION variant puts in a reduction clause
     * (their declarations, C pointers, leave them open): {@code paradjoint differentiate --extent}.
     */
    static final Map<String, Map<String, String>> REDUCTION_EXTENTS = Map.of(
            "gather3.c", Map.of("x", "n"),
            "gfmc.c", Map.of("cr", "4*ng"));

    private static final Z3Prover Z3 = new Z3Prover();

    static Stream<String> files() {
        return EXAMPLES.stream().map(Example::file).distinct();
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-race-examples");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyVariantPassesTheChecks(String file) throws IOException {
        String source = Files.readString(Repo.root().resolve("examples/formad").resolve(file));
        ParseResult parsed = new CFrontEnd().parse(file, source);
        assertFalse(parsed.hasErrors(), parsed.diagnostics()::toString);
        TranslationUnit unit = parsed.unit();
        List<Example> rows = EXAMPLES.stream().filter(e -> e.file().equals(file)).toList();
        Map<String, CheckSpec> specs = new LinkedHashMap<>();
        rows.forEach(r -> specs.put(r.function(), r.spec()));
        FileResult tangent = Generated.tangent(unit);
        assertFalse(tangent.hasErrors(), tangent.diagnostics()::toString);
        String base = file.replaceFirst("\\.c$", "");
        List<String> problems = new ArrayList<>();
        for (Variant v : Variant.values()) {
            FileResult adjoint = adjoint(unit, file, v);
            for (Example row : rows) {
                Function fb = adjoint.functions().stream().filter(f -> f.name().equals(row.function() + "_b"))
                        .findFirst().orElseThrow();
                assertIncrements(unit.function(row.function()).orElseThrow(), fb, row, v, gathered(adjoint));
            }
            Path exe = AdjointCheck.build(work.resolve(v.name().toLowerCase()), base, source, unit, tangent, adjoint,
                    specs);
            for (int threads : new int[] {1, 2}) {
                CheckReport report = AdjointCheck.run(exe, threads);
                for (Example row : rows) {
                    CheckReport.Result r = report.result(row.function());
                    if (r == null || !r.passed() || !(r.dotError() <= 1e-12) || !(r.fdError() <= 1e-6)) {
                        problems.add(v + " " + row.function() + " with " + threads + " thread(s): "
                                + (r == null ? "no result" : "dot-product " + r.dotError() + ", finite differences "
                                        + r.fdError()));
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(file + ":\n" + String.join("\n", problems));
        }
    }

    private static FileResult adjoint(TranslationUnit unit, String file, Variant v) {
        FileResult r = switch (v) {
            case ALL_ATOMIC -> Generated.allAtomic(unit);
            case PROVEN -> {
                FileResult p = Generated.raceAware(unit);
                List<RaceReport> reports = RaceAwareDifferentiator.analyzeAll(unit, DiffOptions.defaults(), Z3,
                        RaceOptions.defaults());
                p.functions().forEach(f -> assertPlainIncrementsAreProven(f, reports, gathered(p)));
                yield p;
            }
            case REDUCTION -> Generated.reduction(unit, REDUCTION_EXTENTS.getOrDefault(file, Map.of()));
        };
        assertFalse(r.hasErrors(), () -> v + ": " + r.diagnostics());
        return r;
    }

    /**
     * The adjoints the generator wrote as a gather, or whose nest it interchanged so that each
     * iteration owns them: plain by construction (each iteration its own element).
     */
    private static Set<String> gathered(FileResult r) {
        return r.diagnostics().stream().filter(d -> d.code().equals("race-gathered") || d.code().equals("race-owned")
                || d.problem().id().startsWith("race-unsafe-increment.gathered"))
                .map(d -> d.argument("adjoint").replaceAll("[\\[(].*", ""))
                .collect(java.util.stream.Collectors.toSet());
    }

    /**
     * On the IR: every increment of an expected adjoint array in the adjoint of each parallel
     * loop is atomic exactly when the variant and the verdict ask for it (never when it was
     * gathered); with REDUCTION the UNSAFE arrays (and only they) are reduction variables or, when
     * their size is only known at run time, accumulated per thread.
     */
    private static void assertIncrements(Function primal, Function fb, Example row, Variant v, Set<String> gathered) {
        List<Integer> lines = new ArrayList<>();
        StmtUtil.forEach(primal.body(), s -> {
            if (s instanceof For f && f.isParallel()) {
                lines.add(f.range().line());
            }
        });
        assertEquals(row.loops().size(), lines.size(), row.function() + ": parallel loops");
        Set<String> seen = new TreeSet<>();
        StmtUtil.forEach(fb.body(), s -> {
            if (!(s instanceof For loop) || !loop.isParallel()) {
                return;
            }
            int index = lines.indexOf(loop.range().line());
            Map<String, Verdict> expected = row.loops().get(index);
            Set<String> reduced = new TreeSet<>();
            for (OmpParallelFor.Reduction r : loop.omp().reductions()) {
                r.vars().stream().map(Variable::name).forEach(reduced::add);
            }
            // an adjoint of run-time size is accumulated per thread, through a view, instead of a
            // reduction clause (whose private copies would live on the threads' stacks)
            Map<String, String> viewed = new java.util.HashMap<>();
            for (OmpParallelFor.PrivateAccumulator acc : loop.omp().accumulators()) {
                viewed.put(acc.view().name(), acc.target().name());
                reduced.add(acc.target().name());
            }
            StmtUtil.forEach(loop.body(), x -> {
                if (x instanceof Assign a && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                        && a.target() instanceof ArrayRef t
                        && expected.containsKey(viewed.getOrDefault(t.var().name(), t.var().name()))) {
                    String name = viewed.getOrDefault(t.var().name(), t.var().name());
                    boolean unsafe = expected.get(name) == Verdict.UNSAFE;
                    boolean atomic = switch (v) {
                        case PROVEN -> unsafe && !gathered.contains(name);
                        case ALL_ATOMIC -> true;
                        case REDUCTION -> false;
                    };
                    String what = v + " " + row.function() + " loop " + (index + 1) + " " + name + " at line "
                            + a.range().line();
                    assertEquals(atomic, a.atomic(), what + ": atomic");
                    if (v == Variant.REDUCTION) {
                        assertEquals(unsafe, reduced.contains(name), what + ": in reduction(" + reduced + ")");
                    }
                    seen.add(index + " " + name);
                }
            });
        });
        for (int k = 0; k < row.loops().size(); k++) {
            for (String name : row.loops().get(k).keySet()) {
                assertTrue(seen.contains(k + " " + name), row.function() + ": no increment of " + name + " in loop "
                        + (k + 1));
            }
        }
    }

    /**
     * The generator and the analysis agree: every plain increment of a parallel adjoint loop
     * comes from an increment the analysis proved SAFE, of the very element it reasoned about
     * (same primal reference, same adjoint text), or belongs to an adjoint written as a gather.
     */
    private static void assertPlainIncrementsAreProven(Function fb, List<RaceReport> reports, Set<String> gathered) {
        List<Increment> all = new ArrayList<>();
        reports.forEach(r -> r.loops().forEach(l -> all.addAll(l.increments())));
        StmtUtil.forEach(fb.body(), s -> {
            if (!(s instanceof For loop) || !loop.isParallel()) {
                return;
            }
            StmtUtil.forEach(loop.body(), x -> {
                if (x instanceof Assign a && !a.atomic() && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                        && a.target() instanceof ArrayRef t && !loop.omp().isPrivate(t.var())
                        && !gathered.contains(t.var().name())) {
                    SourceRange at = a.range();
                    Increment proven = all.stream().filter(i -> i.range().isKnown() && i.range().line() == at.line()
                            && i.range().column() == at.column()).findFirst()
                            .orElseThrow(() -> new AssertionError(fb.name() + ": plain " + CPrinter.print(a)
                                    + " at " + at + " matches no analysed increment"));
                    assertEquals(Verdict.SAFE, proven.verdict(), proven.message());
                    assertEquals(proven.adjoint().replace(" ", ""), CPrinter.print(t).replace(" ", ""),
                            fb.name() + " at " + at);
                }
            });
        });
    }

    @Test
    void everyAnnotatedFormadFunctionHasARow() throws IOException {
        Set<String> annotated = new TreeSet<>();
        try (Stream<Path> files = Files.list(Repo.root().resolve("examples/formad"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".c")).toList()) {
                ParseResult r = new CFrontEnd().parse(p.getFileName().toString(), Files.readString(p));
                for (Function f : r.unit().functions()) {
                    if (Differentiator.isAnnotated(f)) {
                        annotated.add(p.getFileName() + " " + f.name());
                    }
                }
            }
        }
        Set<String> rows = new TreeSet<>();
        EXAMPLES.forEach(e -> rows.add(e.file() + " " + e.function()));
        assertEquals(annotated, rows);
    }

    @Test
    void unsafeIncrementsAreWarningsOnThePrimalReference() throws IOException {
        String file = "gfmc.c";
        String source = Files.readString(Repo.root().resolve("examples/formad").resolve(file));
        TranslationUnit unit = new CFrontEnd().parse(file, source).unit();
        FileResult r = Generated.raceAware(unit);
        List<Diagnostic> warnings = r.diagnostics().stream()
                .filter(d -> d.code().equals(RaceReport.UNSAFE_INCREMENT)).toList();
        // one per UNSAFE increment: crb[k][j] of gfmc_split's flip loop, the nine of gfmc_fused
        assertEquals(10, warnings.size(), warnings::toString);
        Diagnostic flip = warnings.get(0);
        assertEquals("crb[k][j]", flip.argument("adjoint"));
        assertTrue(flip.format().startsWith("gfmc.c:34:42: warning: adjoint increment crb[k][j] may collide"),
                flip.format());
        assertTrue(flip.format().contains("no primal write pins flip[ig]") && flip.format().contains("counterexample:"),
                flip.format());
        assertEquals(2, RaceAwareDifferentiator.analyzeAll(unit, DiffOptions.defaults(), Z3, RaceOptions.defaults())
                .size());
    }
}
