package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.pipeline.timing.Variants;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/** The partially separable gradient as a generator: files, signature, registration, and a compiled check. */
class SeparableGeneratorTest {

    private static TranslationUnit torsion() throws IOException {
        return new CFrontEnd().parse("torsion.c", Repo.example("separable/torsion.c")).unit();
    }

    @Test
    void registeredAsMenuEntryAndTimingVariant() {
        DerivativeGenerator g = Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT).orElseThrow();
        assertTrue(g instanceof SeparableGenerator);
        Variants.Variant v = Variants.byId(Variants.SPARSE_GRADIENT).orElseThrow();
        assertEquals("sparse gradient", v.label());
        assertTrue(v.generator() instanceof SeparableGenerator);
    }

    @Test
    void appliesToFunctionsWithThePragma() throws IOException {
        TranslationUnit unit = torsion();
        SeparableGenerator g = new SeparableGenerator();
        assertTrue(g.appliesTo(unit.function("torsion_f").orElseThrow()));
        assertFalse(g.appliesTo(unit.function("torsion_grad_analytic").orElseThrow()));
        assertTrue(g.supports(TranslationUnit.Language.C));
        assertTrue(g.supports(TranslationUnit.Language.FORTRAN));
    }

    @Test
    void writesTheSourceNextToTheSourceWithItsHeaders() throws IOException {
        GeneratedFile g = new SeparableGenerator().generate(torsion(), "/ws/p/torsion.c", null,
                GenerationSettings.defaults());
        assertFalse(g.hasErrors(), g.diagnostics().toString());
        assertEquals("/ws/p/torsion_ps.c", g.path());
        assertEquals(List.of("/ws/p/torsion_ps.h", "/ws/p/paradjoint_ps.h"),
                g.companions().stream().map(GeneratedFile.Companion::path).toList());
        assertTrue(g.text().contains("#include \"torsion_ps.h\""), g.text());
        assertTrue(g.companions().get(0).text().contains("#include \"paradjoint_ps.h\""));
        DerivativeSignature s = g.signatures().get(0);
        assertEquals("torsion_f", s.primalName());
        assertEquals("torsion_f_grad_ps", s.derivedName());
        assertEquals("nx ny x xb c f", String.join(" ", s.params().stream().flatMap(p -> p.isActive()
                ? java.util.stream.Stream.of(p.primal().name(), p.derivative().name())
                : java.util.stream.Stream.of(p.primal().name())).toList()));
        assertTrue(s.params().get(2).independent());
        assertTrue(s.params().get(4).dependent(), "the combining assignment writes *f");
    }

    @Test
    void theAdjointSuffixNamesTheGradient() throws IOException {
        GeneratedFile g = new SeparableGenerator().generate(torsion(), "torsion.c", "torsion_f",
                GenerationSettings.defaults().withSuffixes("_adj", null));
        assertEquals("x_adj", g.signatures().get(0).params().get(2).derivative().name());
        assertTrue(g.text().contains("double *x_adj"), g.text());
    }

    /** A Fortran source gets the C files (from its IR in C's conventions) and a bind(C) interface module. */
    @Test
    void fortranGetsTheCFilesAndAnInterfaceModule() {
        String f = """
                subroutine sumsq(n, x, f)
                  implicit none
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(out) :: f(1)
                  real(8) :: e
                  integer :: i
                  !$ad elemental
                  e = 0.0d0
                  do i = 1, n - 1
                    e = e + (x(i + 1) - x(i))**2
                  end do
                  !$ad partially_separable(e)
                  f(1) = e
                end subroutine sumsq
                """;
        TranslationUnit unit = new FortranFrontEnd().parse("s.f90", f).unit();
        GeneratedFile g = new SeparableGenerator().generate(unit, "/ws/p/s.f90", null, GenerationSettings.defaults());
        assertFalse(g.hasErrors(), g.diagnostics().toString());
        assertEquals("/ws/p/s_ps.c", g.path());
        assertTrue(g.text().contains("x[i + 1 - 1] - x[i - 1]") || g.text().contains("x[i] - x[i - 1]"), g.text());
        assertEquals(List.of("/ws/p/s_ps.h", "/ws/p/paradjoint_ps.h", "/ws/p/s_ps_mod.f90"),
                g.companions().stream().map(GeneratedFile.Companion::path).toList());
        assertTrue(g.companions().get(2).text().contains("bind(C, name='sumsq_grad_ps')"),
                g.companions().get(2).text());
        assertEquals("sumsq_grad_ps", g.signatures().get(0).derivedName());
    }

    /** The generated gradient equals torsion's hand-written one (gcc, strict flags). */
    @Test
    void gradientMatchesTheAnalyticOne() throws Exception {
        Path dir = ScratchDir.deletedAtExit("paradjoint-separable-generator");
        Path src = dir.resolve("torsion.c");
        Files.writeString(src, Repo.example("separable/torsion.c"), StandardCharsets.UTF_8);
        GeneratedFile g = new SeparableGenerator().generate(torsion(), src.toString(), null,
                GenerationSettings.defaults());
        Files.writeString(Path.of(g.path()), g.text(), StandardCharsets.UTF_8);
        for (GeneratedFile.Companion c : g.companions()) {
            Files.writeString(Path.of(c.path()), c.text(), StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("main.c"), """
                #include <math.h>
                #include <stdio.h>
                #include "torsion_ps.h"
                void torsion_grad_analytic(int nx, int ny, const double *x, double c, double *g);
                int main(void)
                {
                    enum { NX = 7, NY = 5, N = NX * NY };
                    double x[N], g[N] = {0}, ref[N], f = 0.0, err = 0.0, norm = 0.0;
                    for (int k = 0; k < N; k++)
                        x[k] = 0.5 + 0.37 * k - 0.01 * k * k;
                    torsion_f_grad_ps(NX, NY, x, g, 0.8, &f);
                    torsion_grad_analytic(NX, NY, x, 0.8, ref);
                    for (int k = 0; k < N; k++) {
                        err = fmax(err, fabs(g[k] - ref[k]));
                        norm = fmax(norm, fabs(ref[k]));
                    }
                    printf("%.3e\\n", err / norm);
                    return err <= 1e-12 * norm ? 0 : 1;
                }
                """, StandardCharsets.UTF_8);
        // the generated code with the strict flags; the primal's ADIC pragmas are unknown to gcc
        Gcc.require();
        gcc(dir, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fopenmp", "-c", "torsion_ps.c", "main.c");
        gcc(dir, "-std=c11", "-Wno-unknown-pragmas", "-c", "torsion.c");
        gcc(dir, "-fopenmp", "-o", "check", "main.o", "torsion_ps.o", "torsion.o", "-lm");
        Process run = new ProcessBuilder(dir.resolve("check").toString()).directory(dir.toFile())
                .redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS) && run.exitValue() == 0, "relative error " + out);
    }

    private static void gcc(Path dir, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("gcc"));
        cmd.addAll(List.of(args));
        Process cc = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cc.waitFor(120, TimeUnit.SECONDS) && cc.exitValue() == 0, String.join(" ", cmd) + "\n" + out);
    }
}
