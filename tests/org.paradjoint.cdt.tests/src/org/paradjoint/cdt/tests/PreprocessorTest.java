package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * C as gcc preprocesses it: includes read from the file's folder, the {@code -I} folders and the
 * system headers, macros expanded (and located at their use), typedefs resolved, the helpers of
 * the user's headers mapped when the file calls them and those of system headers never. The
 * system headers are read with gcc's search list and predefined macros (without them the
 * {@code int64_t} of {@code <stdint.h>} is not resolved): the tests of {@link #KERNEL} ask for gcc.
 */
class PreprocessorTest {

    static final String LOCAL_H = """
            #pragma once
            typedef double DATA_TYPE;
            typedef DATA_TYPE real_t;
            #include <stddef.h>
            #include <stdint.h>
            #define GHOST 1
            #if !defined(N)
            # define N 40
            #endif
            static inline DATA_TYPE unused_helper(DATA_TYPE v) { return v / 0; }
            static inline DATA_TYPE twice(DATA_TYPE v) { return 2.0 * v; }
            """;

    static final String KERNEL = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <math.h>
            #include <stdint.h>
            #include "local.h"

            void kernel(int n, real_t y[N], const DATA_TYPE x[N], size_t m, int64_t q, uint32_t u, ptrdiff_t d)
            {
                DATA_TYPE s = (DATA_TYPE) n;
            #pragma ad gradient(y : x)
                for (int i = GHOST; i < n; i++)
                    y[i] = twice(x[i]) * s * M_PI + sqrt(x[i]) + (double) (m + q + u + d);
            }
            """;

    private Path dir;

    @BeforeEach
    void createScratch() {
        dir = ScratchDir.create("paradjoint-preprocessor");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    private ParseResult parse(String name, String text, Preprocessor p) {
        Path file = ScratchDir.write(dir, name, text);
        return new CFrontEnd(p).parse(file.toString(), text);
    }

    private static Function kernel(ParseResult r) {
        assertFalse(r.hasErrors(), () -> "unexpected errors: " + r.diagnostics());
        return r.unit().function("kernel").orElseThrow();
    }

    @Test
    void typedefsOfTheUsersAndOfTheSystemHeadersResolveToTheirTypes() {
        Gcc.require();
        ScratchDir.write(dir, "local.h", LOCAL_H);
        Function f = kernel(parse("k.c", KERNEL, Preprocessor.NONE));
        assertEquals(BaseType.DOUBLE, f.lookup("y").orElseThrow().type());
        assertEquals(BaseType.DOUBLE, f.lookup("x").orElseThrow().type());
        assertEquals(BaseType.DOUBLE, f.lookup("s").orElseThrow().type());
        for (String integer : List.of("m", "q", "u", "d")) {
            assertEquals(BaseType.LONG, f.lookup(integer).orElseThrow().type(), integer);
        }
        List<Cast> casts = new ArrayList<>();
        StmtUtil.forEachExpr(f.body(), e -> {
            if (e instanceof Cast c) {
                casts.add(c);
            }
        });
        assertTrue(casts.stream().anyMatch(c -> c.type() == BaseType.DOUBLE), casts::toString);
    }

    @Test
    void macrosOfTheHeaderExpandAndTheArraysTakeTheirExtents() {
        Gcc.require();
        ScratchDir.write(dir, "local.h", LOCAL_H);
        Function f = kernel(parse("k.c", KERNEL, Preprocessor.NONE));
        For loop = (For) f.body().stmts().stream().filter(For.class::isInstance).findFirst().orElseThrow();
        assertEquals(new IntLit(1), loop.lower());
        Variable y = f.lookup("y").orElseThrow();
        assertEquals(new IntLit(40), y.dims().get(0).extent());
    }

    @Test
    void aDefineOnTheCommandLineOverridesTheHeadersDefault() {
        Gcc.require();
        ScratchDir.write(dir, "local.h", LOCAL_H);
        Function f = kernel(parse("k.c", KERNEL, new Preprocessor(List.of(), Map.of("N", "7"))));
        assertEquals(new IntLit(7), f.lookup("y").orElseThrow().dims().get(0).extent());
    }

    @Test
    void onlyTheHelpersTheFileCallsAreMappedAndNoneOfTheSystemHeaders() {
        Gcc.require();
        Path header = ScratchDir.write(dir, "local.h", LOCAL_H);
        ParseResult r = parse("k.c", KERNEL, Preprocessor.NONE);
        kernel(r);
        List<String> names = r.unit().functions().stream().map(Function::name).toList();
        assertEquals(List.of("kernel", "twice"), names);
        Function twice = r.unit().function("twice").orElseThrow();
        assertEquals(header.toAbsolutePath().normalize().toString(), twice.range().file());
        assertEquals(11, twice.range().line());
    }

    @Test
    void includeFoldersAreSearchedAfterTheFilesOwn() throws IOException {
        Path inc = Files.createDirectories(dir.resolve("inc"));
        ScratchDir.write(inc, "local.h", LOCAL_H);
        ParseResult without = parse("k.c", KERNEL, Preprocessor.NONE);
        Diagnostic missing = without.diagnostics().stream().filter(d -> d.code().equals("include-not-found"))
                .findFirst().orElseThrow(() -> new AssertionError(without.diagnostics().toString()));
        assertFalse(missing.isError());
        assertEquals(5, missing.range().line());
        assertTrue(missing.message().contains("\"local.h\""), missing::message);
        assertTrue(missing.message().contains("-I DIR"), missing::message);
        assertTrue(missing.message().contains(dir.toAbsolutePath().toString()), missing::message);
        // what the header declares is then unknown where it is used
        assertTrue(without.diagnostics().stream().anyMatch(d -> d.code().equals("unsupported-type")
                && d.message().contains("real_t") && d.message().contains("-I DIR")), without.diagnostics()::toString);

        Gcc.require(); // the parse above needs no system header's type
        ParseResult with = parse("k.c", KERNEL, new Preprocessor(List.of(inc.toString()), Map.of()));
        kernel(with);
        assertTrue(with.diagnostics().isEmpty(), with.diagnostics()::toString);
    }

    @Test
    void aConstructAMacroProducesIsReportedAtTheMacrosUse() {
        String text = """
                #define HALVE_ABOVE(a, c) do { a = 0.5 * a; } while (a > c)
                void kernel(int n, double *y, double *x)
                {
                #pragma ad gradient(y : x)
                #pragma omp parallel for
                    for (int i = 0; i < n; i++) {
                        y[i] = x[i];
                        HALVE_ABOVE(y[i], 1.0);
                    }
                }
                """;
        ParseResult r = parse("m.c", text, Preprocessor.NONE);
        Diagnostic d = r.diagnostics().stream().filter(x -> x.code().equals("unsupported-do-while")).findFirst()
                .orElseThrow(() -> new AssertionError(r.diagnostics().toString()));
        assertTrue(d.range().file().endsWith("m.c"), d::format);
        assertEquals(8, d.range().line(), d::format);
        assertEquals(9, d.range().column(), d::format);
    }

    @Test
    void aTypedefOfAnArrayIsALocatedErrorNamingItsType() {
        String text = """
                typedef double vec_t[4];
                void kernel(int n, double *y, vec_t x)
                {
                #pragma ad gradient(y : x)
                    for (int i = 0; i < n; i++)
                        y[i] = x[i];
                }
                """;
        ParseResult r = parse("v.c", text, Preprocessor.NONE);
        Diagnostic d = r.diagnostics().stream().filter(x -> x.code().equals("unsupported-type")).findFirst()
                .orElseThrow(() -> new AssertionError(r.diagnostics().toString()));
        assertEquals(2, d.range().line(), d::format);
        assertTrue(d.message().contains("vec_t") && d.message().contains("double [4]"), d::message);
    }

    @Test
    void mathConstantsMeanTheSameWithAndWithoutMathH() {
        String body = """
                void kernel(int n, double *y, const double *x)
                {
                #pragma ad gradient(y : x)
                    for (int i = 0; i < n; i++)
                        y[i] = M_PI * x[i];
                }
                """;
        Function with = kernel(parse("a.c", "#include <math.h>\n" + body, Preprocessor.NONE));
        Function without = kernel(parse("b.c", body, Preprocessor.NONE));
        assertEquals(with.body(), without.body());
    }
}
