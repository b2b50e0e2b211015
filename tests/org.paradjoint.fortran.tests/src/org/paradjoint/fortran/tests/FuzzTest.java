package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.testsupport.Repo;

/**
 * Damaged sources (characters and tokens deleted, duplicated or swapped in the examples) never
 * crash the front-end: it returns a unit and diagnostics, every error is located, and no error
 * is an internal one.
 */
class FuzzTest {

    private static final String[] SNIPPETS = {"(", ")", "&\n", "\n", ",", "=", "do ", "end do\n", "if (", " then\n",
            "!$omp parallel do\n", "!$ad gradient(", ";", "::", "1.e", ".and.", "'", "end\n", "x(", "*", "**"};

    @Test
    void damagedSourcesGiveLocatedDiagnostics() throws IOException {
        List<String> sources;
        try (Stream<Path> files = Files.list(Repo.examples().resolve("fortran"))) {
            sources = files.filter(p -> p.toString().endsWith(".f90")).sorted().map(p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).toList();
        }
        Random rnd = new Random(Long.getLong("paradjoint.fuzzSeed", 42));
        FortranFrontEnd fe = new FortranFrontEnd();
        int withErrors = 0;
        for (int k = 0; k < Integer.getInteger("paradjoint.fuzzCount", 600); k++) {
            String src = mutate(sources.get(rnd.nextInt(sources.size())), rnd);
            ParseResult r;
            try {
                r = fe.parse("fuzz.f90", src);
            } catch (RuntimeException e) {
                fail("mutation " + k + " crashed the front-end: " + e + "\n" + src, e);
                return;
            }
            assertNotNull(r.unit(), "mutation " + k);
            for (Diagnostic d : r.diagnostics()) {
                if (d.code().equals("internal-error")) {
                    fail("mutation " + k + ": " + d + "\n" + src);
                }
                if (d.isError() && !d.range().isKnown()) {
                    fail("mutation " + k + ": unlocated " + d + "\n" + src);
                }
            }
            withErrors += r.hasErrors() ? 1 : 0;
        }
        assertTrue(withErrors > 300, "most mutations are errors: " + withErrors);
    }

    private static String mutate(String s, Random rnd) {
        StringBuilder sb = new StringBuilder(s);
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = rnd.nextInt(sb.length());
            switch (rnd.nextInt(4)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + rnd.nextInt(8)));
                case 1 -> sb.insert(at, SNIPPETS[rnd.nextInt(SNIPPETS.length)]);
                case 2 -> {
                    int len = Math.min(sb.length() - at, 1 + rnd.nextInt(20));
                    sb.insert(at, sb.substring(at, at + len));
                }
                default -> {
                    int other = rnd.nextInt(sb.length());
                    char c = sb.charAt(at);
                    sb.setCharAt(at, sb.charAt(other));
                    sb.setCharAt(other, c);
                }
            }
        }
        return sb.toString();
    }
}
