package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * C as scientists write it, through the command line: a PolyBench-style file with its own header
 * and the standard ones passes {@code check --run} (dot product and finite differences at 1 and 2
 * threads, every generated file compiling with {@code -Wall -Wextra -Werror -fopenmp}), and the
 * include folders and macros of {@code -I} and {@code -D} reach both the front-end and the
 * compiler that builds the check.
 */
class RealCTest {

    static final String PARAMS_H = """
            #define WIDTH 2
            typedef double real;
            static inline real weight(int k) { return 1.0 / (k + WIDTH); }
            """;

    static final String KERNEL = """
            #include <stdio.h>
            #include "params.h"
            #ifndef SCALE
            #error "SCALE must be given: -D SCALE=..."
            #endif

            void report(int n, const real *y)
            {
                for (int i = 0; i < n; i++)
                    printf("%g\\n", y[i]);
            }

            void blur(int n, real *y, const real *x)
            {
            #pragma ad gradient(y : x)
                for (int i = WIDTH; i < n - WIDTH; i++)
                    y[i] = SCALE * weight(i) * (x[i - WIDTH] * x[i] + x[i + WIDTH]);
            }
            """;

    private Path dir;

    @BeforeEach
    void createScratch() {
        dir = ScratchDir.create("paradjoint-realc");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    /**
     * Every file of {@code examples/realc} with its kernel and size: relax.c is a solver's control
     * flow (early return, convergence {@code while}, {@code continue}, {@code do}-{@code while}
     * left by {@code break}).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"jacobi2d.c, kernel_jacobi_2d, n=12", "relax.c, kernel_relax, n=20"})
    void aPolyBenchStyleFilePassesTheCheckWithEveryGeneratedFileCompilingStrictly(String name, String kernel,
            String size) throws IOException {
        try (Stream<Path> files = Files.list(Repo.examples().resolve("realc"))) {
            for (Path p : files.toList()) {
                Files.copy(p, dir.resolve(p.getFileName()));
            }
        }
        Path file = dir.resolve(name);
        Gcc.require();
        CliRun r = CliRun.of("check", file.toString(), "--function", kernel, "--set", size, "--run");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.contains("OMP_NUM_THREADS=1") && r.out.contains("OMP_NUM_THREADS=2"), r.toString());
        assertEquals(4, r.out.lines().filter(l -> l.matches("(dot-product|finite-difference): PASS.*")).count(),
                r.toString());
        DriverRunner strict = new DriverRunner();
        String base = name.replaceFirst("\\.c$", "");
        for (String generated : List.of(base + "_b.c", base + "_d.c")) {
            DriverRunner.Outcome alone = strict.compileOnly(dir.resolve(generated));
            assertTrue(alone.ok(), generated + ":\n" + alone.text());
            String text = Files.readString(dir.resolve(generated));
            assertFalse(text.contains("DATA_TYPE") || text.contains("GHOST") || text.contains(".h\""),
                    "generated code spells types and macros resolved:\n" + text);
        }
    }

    @Test
    void everyExampleFileHasARow() throws IOException {
        try (Stream<Path> files = Files.list(Repo.examples().resolve("realc"))) {
            assertEquals(List.of("jacobi2d.c", "relax.c"), files.map(p -> p.getFileName().toString())
                    .filter(f -> f.endsWith(".c")).sorted().toList(), "add a row for a new example");
        }
    }

    @Test
    void includeFoldersAndMacrosReachTheFrontEndAndTheCompiler() throws IOException {
        Path inc = Files.createDirectories(dir.resolve("include"));
        ScratchDir.write(inc, "params.h", PARAMS_H);
        Path file = ScratchDir.write(dir, "blur.c", KERNEL);

        CliRun missing = CliRun.of("differentiate", file.toString(), "-D", "SCALE=3", "-o", "-");
        assertEquals(1, missing.status, missing.toString());
        assertTrue(missing.err.contains(file + ":2:1: warning: cannot find \"params.h\""), missing.toString());
        assertTrue(missing.err.contains("-I DIR"), missing.toString());

        CliRun undefined = CliRun.of("differentiate", file.toString(), "-I", inc.toString(), "-o", "-");
        assertEquals(1, undefined.status, undefined.toString());
        assertTrue(undefined.err.contains("SCALE must be given"), undefined.toString());

        CliRun written = CliRun.of("differentiate", file.toString(), "-I", inc.toString(), "-DSCALE=3", "-o", "-");
        assertEquals(0, written.status, written.toString());
        assertTrue(written.out.contains("blur_b(int n, double *y, double *yb, const double *x, double *xb)"),
                written.toString());

        // the driver includes blur.c, which finds params.h only through -I, and stops at #error without -D
        Gcc.require();
        CliRun check = CliRun.of("check", file.toString(), "--function", "blur", "--set", "n=16", "-I" + inc,
                "-D", "SCALE=3", "--run");
        assertEquals(0, check.status, check.toString());
        assertEquals(4, check.out.lines().filter(l -> l.matches("(dot-product|finite-difference): PASS.*")).count(),
                check.toString());
    }
}
