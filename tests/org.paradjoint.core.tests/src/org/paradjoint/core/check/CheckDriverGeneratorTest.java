package org.paradjoint.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.testsupport.ScratchDir;

/** The driver against hand-written tangents and adjoints: it compiles, passes, and catches wrong ones. */
class CheckDriverGeneratorTest {

    private Path dir;

    @BeforeEach
    void createScratch() {
        dir = ScratchDir.create("paradjoint-check");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    private final DriverRunner runner = new DriverRunner();

    private static List<CheckTarget> targets(CheckSpec tinySpec) {
        return List.of(
                new CheckTarget(HandWrittenKernels.tiny(), HandWrittenKernels.tinySignature(Mode.TANGENT),
                        HandWrittenKernels.tinySignature(Mode.REVERSE), tinySpec),
                new CheckTarget(HandWrittenKernels.rowsum(), HandWrittenKernels.rowsumSignature(Mode.TANGENT),
                        HandWrittenKernels.rowsumSignature(Mode.REVERSE), CheckSpec.parse("--set", "n=7")));
    }

    /** Writes the sources and the driver, compiles it; returns the executable. */
    private Path build(boolean brokenTangent, boolean brokenAdjoint, CheckSpec tinySpec) throws IOException {
        return build(brokenTangent, brokenAdjoint, tinySpec, "kernels_check");
    }

    private Path build(boolean brokenTangent, boolean brokenAdjoint, CheckSpec tinySpec, String name)
            throws IOException {
        Files.writeString(dir.resolve("kernels.c"), HandWrittenKernels.PRIMAL);
        Files.writeString(dir.resolve("kernels_d.c"), HandWrittenKernels.tangent(brokenTangent));
        Files.writeString(dir.resolve("kernels_b.c"), HandWrittenKernels.adjoint(brokenAdjoint));
        CheckDriver driver = CheckDriverGenerator.generate(targets(tinySpec),
                CheckDriverGenerator.includesFor("kernels.c"));
        assertFalse(driver.hasErrors(), () -> driver.diagnostics().toString());
        Path source = dir.resolve(name + ".c");
        Files.writeString(source, driver.source());
        Path exe = dir.resolve(name);
        org.paradjoint.testsupport.Gcc.require();
        DriverRunner.Outcome cc = runner.compile(source, exe);
        assertTrue(cc.ok(), () -> "gcc failed:\n" + cc.text() + "\n" + driver.source());
        return exe;
    }

    @Test
    void correctDerivativesPassWithOneAndTwoThreads() throws IOException {
        Path exe = build(false, false, CheckSpec.parse("--set", "n=40", "--seed", "7"));
        for (int threads : new int[] {1, 2}) {
            DriverRunner.Outcome run = runner.run(exe, threads);
            assertEquals(0, run.exitCode(), run::text);
            CheckReport r = run.report();
            assertTrue(r.passed(), run::text);
            assertEquals(threads, r.threads(), run::text);
            assertEquals(2, r.results().size(), run::text);
            for (CheckReport.Result k : r.results()) {
                assertTrue(k.dotError() <= 1e-12, run::text);
                assertTrue(k.fdError() <= 1e-6, run::text);
            }
            assertTrue(run.stdout().lines().anyMatch(l -> l.startsWith("dot-product: PASS rel_err=")), run::text);
            assertTrue(run.stdout().lines().anyMatch(l -> l.startsWith("finite-difference: PASS rel_err=")), run::text);
            assertEquals("PASS", run.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
        }
    }

    @Test
    void runsOnlyTheNamedCheck() throws IOException {
        Path exe = build(false, false, CheckSpec.defaults());
        DriverRunner.Outcome run = runner.run(exe, 1, "rowsum");
        assertEquals(0, run.exitCode(), run::text);
        assertEquals(List.of("rowsum"), run.report().results().stream().map(CheckReport.Result::name).toList());
        assertEquals(2, runner.run(exe, 1, "nosuch").exitCode());
    }

    @Test
    void wrongAdjointFailsTheDotProductTest() throws IOException {
        DriverRunner.Outcome run = runner.run(build(false, true, CheckSpec.defaults()), 2);
        assertEquals(1, run.exitCode(), run::text);
        CheckReport.Result tiny = run.report().result("tiny");
        assertFalse(tiny.dotPassed(), run::text);
        assertTrue(tiny.fdPassed(), run::text);
        assertTrue(run.report().result("rowsum").passed(), run::text);
        assertTrue(run.stdout().strip().endsWith("FAIL"), run::text);
    }

    @Test
    void wrongTangentFailsBothTests() throws IOException {
        DriverRunner.Outcome run = runner.run(build(true, false, CheckSpec.defaults()), 1);
        assertEquals(1, run.exitCode(), run::text);
        CheckReport.Result tiny = run.report().result("tiny");
        assertFalse(tiny.dotPassed(), run::text);
        assertFalse(tiny.fdPassed(), run::text);
    }

    @Test
    void differentSeedsGiveDifferentButPassingRuns() throws IOException {
        Path a = build(false, false, CheckSpec.parse("--seed", "1"), "seed1");
        String first = runner.run(a, 1, "tiny").stdout();
        Path b = build(false, false, CheckSpec.parse("--seed", "2"), "seed2");
        String second = runner.run(b, 1, "tiny").stdout();
        assertTrue(first.contains("PASS") && second.contains("PASS"));
        assertFalse(first.equals(second), "the seed must change the inputs");
        assertEquals(first, runner.run(a, 1, "tiny").stdout(), "runs must be reproducible");
    }

    @Test
    void sizesOpenArraysFromTheIndicesUsed() {
        String src = CheckDriverGenerator.generate(targets(CheckSpec.parse("--set", "n=10")), List.of("k.c")).source();
        assertTrue(src.contains("const long pa_len_x = (long) (11); /* largest index used */"), src);
        assertTrue(src.contains("const long pa_len_z = (long) (10);"), src);
        assertTrue(src.contains("const long pa_len_y = (long) (10);"), src);
        assertTrue(src.contains("const long pa_len_b = (long) (n) * (3); /* declaration */"), src);
        assertTrue(src.contains("const long pa_len_out = (long) (7) * (2);"), src);
        assertTrue(src.contains("(const double (*)[3]) pa_b"), src);
        assertTrue(src.contains("double pa_b_s[1]"), "by-value adjoint is a one-element array\n" + src);
        assertTrue(src.contains("tiny_d(n, pa_y, pa_d_y, pa_x, pa_d_x, pa_s, pa_d_s, pa_c, pa_z, pa_d_z);"), src);
        assertTrue(src.contains("tiny_b(n, pa_y, pa_b_y, pa_x, pa_b_x, pa_s, pa_b_s, pa_c, pa_z, pa_b_z);"), src);
    }

    @Test
    void userExtentsAndIndexFillsAreUsedAsWritten() {
        CheckSpec spec = CheckSpec.parse("--set", "n=12", "--extent", "x=n+8", "--index", "c=perm:n", "--extent", "y=n");
        String src = CheckDriverGenerator.generate(targets(spec), List.of("k.c")).source();
        assertTrue(src.contains("const long pa_len_x = (long) (n + 8); /* --extent */"), src);
        assertTrue(src.contains("pa_chk_perm(pa_c_in, sizeof *pa_c_in, pa_len_c, (long) (n))"), src);
        assertTrue(src.contains("/* tiny: --set n=12 --extent x=n+8 --extent y=n --index c=perm:n */"), src);
    }

    @Test
    void tooSmallExtentIsAWarning() {
        CheckDriver d = CheckDriverGenerator.generate(targets(CheckSpec.parse("--extent", "x=n")), List.of("k.c"));
        assertNotNull(d.source());
        assertTrue(d.diagnostics().stream().anyMatch(x -> x.code().equals("check-extent-small")
                && x.message().contains("x may be indexed in [0, 10]")), d.diagnostics()::toString);
    }

    private static Diagnostic onlyError(CheckSpec spec) {
        CheckDriver d = CheckDriverGenerator.generate(targets(spec), List.of("k.c"));
        assertNull(d.source());
        return d.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
    }

    @Test
    void misspelledNamesAreLocatedErrors() {
        assertEquals("tiny: --set x: x is not an integer scalar parameter (integer parameters: n)",
                onlyError(CheckSpec.parse("--set", "x=3")).message());
        assertEquals("tiny: --extent q: no array parameter q", onlyError(CheckSpec.parse("--extent", "q=3")).message());
        assertEquals("tiny: --index x: no integer array parameter x",
                onlyError(CheckSpec.parse("--index", "x=perm:3")).message());
        assertEquals("tiny: --set m=2 * k: unknown name 'k' (integer parameters: n)",
                onlyError(CheckSpec.parse("--set", "m=2*k")).message());
        assertTrue(onlyError(CheckSpec.parse("--set", "a=b", "--set", "b=a")).message().contains("cycle"));
        assertTrue(onlyError(CheckSpec.parse("--set", "n=100000000")).message().contains("elements"));
    }

    @Test
    void helperNamesMayBeUsedInOtherOptions() {
        CheckSpec spec = CheckSpec.parse("--set", "E=6", "--set", "n=2*E", "--index", "c=range:0:E");
        CheckDriver d = CheckDriverGenerator.generate(targets(spec), List.of("k.c"));
        assertFalse(d.hasErrors(), d.diagnostics()::toString);
        assertTrue(d.source().contains("long E = 6;"), d.source());
        assertTrue(d.source().contains("int n = 12;"), d.source());
        assertTrue(d.source().contains("const long pa_len_y = (long) (6);"), "y[c[i]] with c in [0, E)\n" + d.source());
    }

    @Test
    void unboundableIndicesAskForAnExtent() {
        var f = HandWrittenKernels.tiny();
        var i = HandWrittenKernels.I;
        // y[c[i]] where c is filled from a range the analysis is not told about: drop c's fill by
        // indexing y through a floating expression instead
        var body = org.paradjoint.core.ir.Block.of(HandWrittenKernels.loop(i, HandWrittenKernels.ref(HandWrittenKernels.N),
                org.paradjoint.core.ir.Assign.set((org.paradjoint.core.ir.ArrayRef) HandWrittenKernels.ref(
                        HandWrittenKernels.Y, new org.paradjoint.core.ir.Cast(org.paradjoint.core.ir.BaseType.INT,
                                HandWrittenKernels.ref(HandWrittenKernels.X, HandWrittenKernels.ref(i)))),
                        HandWrittenKernels.ref(HandWrittenKernels.S))));
        CheckDriver d = CheckDriverGenerator.generate(List.of(new CheckTarget(f.withBody(body),
                HandWrittenKernels.tinySignature(Mode.TANGENT), HandWrittenKernels.tinySignature(Mode.REVERSE),
                CheckSpec.defaults())), List.of("k.c"));
        assertTrue(d.hasErrors());
        assertTrue(d.diagnostics().stream().anyMatch(x -> x.message().equals(
                "tiny: cannot bound the indices of y; give --extent y=EXPR")), d.diagnostics()::toString);
    }
}
