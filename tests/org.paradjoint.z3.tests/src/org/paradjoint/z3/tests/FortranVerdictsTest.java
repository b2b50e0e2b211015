package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.race.ArrayReport;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.Verdict;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.z3.Z3Prover;

/**
 * The race analysis reads the Fortran examples ({@code examples/fortran}, Fortran front-end) as
 * it reads their C originals ({@code examples/formad}, {@code examples/stencil}, {@code
 * examples/openmp}, CDT front-end; parallel regions as the loops both front-ends lower them to):
 * per parallel loop and adjoint array, the same verdict, the same number of increments and of
 * UNSAFE ones, with and without loop bounds; and those verdicts are the ones
 * {@code examples/formad/README.md} lists.
 */
class FortranVerdictsTest {

    /**
     * One procedure in both languages. Stencil examples carry a {@code stencil adjoint} pragma
     * instead of {@code gradient}: {@code deps} and {@code indeps} say what the conventional
     * adjoint of their loop would differentiate (empty for {@code gradient} examples).
     */
    record Pair(String c, String fortran, String function, List<String> deps, List<String> indeps) {
        @Override
        public String toString() {
            return function;
        }
    }

    static final List<Pair> PAIRS = List.of(
            new Pair("formad/gather3.c", "gather3.f90", "gather3", List.of(), List.of()),
            new Pair("formad/indirect.c", "indirect.f90", "indirect", List.of(), List.of()),
            new Pair("formad/compact3.c", "compact3.f90", "compact3", List.of(), List.of()),
            new Pair("formad/greengauss.c", "greengauss.f90", "green_gauss", List.of(), List.of()),
            new Pair("formad/gfmc.c", "gfmc_split.f90", "gfmc_split", List.of(), List.of()),
            new Pair("formad/gfmc.c", "gfmc_split.f90", "gfmc_fused", List.of(), List.of()),
            new Pair("formad/lbm_stream.c", "lbm_stream.f90", "lbm_stream", List.of(), List.of()),
            new Pair("stencil/stencil1d.c", "stencil1d.f90", "stencil1d", List.of("r"), List.of("u")),
            new Pair("stencil/burgers1d.c", "burgers1d.f90", "burgers1d", List.of("u"), List.of("u_1")),
            new Pair("stencil/wave3d.c", "wave3d.f90", "wave3d", List.of("u"), List.of("u_1", "u_2")),
            new Pair("openmp/regions.c", "regions.f90", "smooth_two_phase", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "norm2_partial", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "relax_steps", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "moments", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "dot_atomic", List.of(), List.of()),
            new Pair("openmp/sections.c", "regions.f90", "two_fluxes", List.of(), List.of()),
            new Pair("openmp/sections.c", "regions.f90", "energies", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "reversed_squares", List.of(), List.of()),
            new Pair("openmp/locks.c", "regions.f90", "binned_energy", List.of(), List.of()),
            new Pair("openmp/ordered.c", "regions.f90", "ordered_tally", List.of(), List.of()),
            new Pair("openmp/ordered.c", "regions.f90", "ordered_scan", List.of(), List.of()),
            new Pair("openmp/ordered.c", "regions.f90", "ordered_scan_region", List.of(), List.of()),
            new Pair("openmp/reductions.c", "regions.f90", "growth_factor", List.of(), List.of()),
            new Pair("openmp/regions.c", "regions.f90", "window_private", List.of(), List.of()),
            new Pair("openmp/threads.c", "threads.f90", "block_rows", List.of(), List.of()));

    /** The verdict of one adjoint array in one parallel loop (0 = first in source order). */
    record Expected(String function, int loop, String adjoint, Verdict withBounds, Verdict withoutBounds) {
        Verdict verdict(boolean bounds) {
            return bounds ? withBounds : withoutBounds;
        }
    }

    /**
     * The table of {@code examples/formad/README.md} (lbm_stream: "UNPROVEN by index knowledge
     * alone; SAFE if loop bounds are used"). The stencil examples are not in it: the conventional
     * adjoint of their gather loops races as {@code gather3.c} does (UNSAFE), except for the
     * centre-only read of {@code u_2}, which is why they get adjoint stencils instead. The region
     * examples: loops that write through the counter alone are SAFE, three-point gathers UNSAFE, and
 * sections that read the same elements UNSAFE (two sections are two iterations).
     */
    static final List<Expected> EXPECTED = List.of(
            new Expected("gather3", 0, "xb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("indirect", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("compact3", 0, "uoldb", Verdict.SAFE, Verdict.SAFE),
            new Expected("green_gauss", 0, "dvb", Verdict.SAFE, Verdict.SAFE),
            new Expected("gfmc_split", 0, "crb", Verdict.SAFE, Verdict.SAFE),
            new Expected("gfmc_split", 1, "crb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("gfmc_fused", 0, "crb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("lbm_stream", 0, "srcb", Verdict.SAFE, Verdict.UNSAFE),
            new Expected("stencil1d", 0, "ub", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("burgers1d", 0, "u_1_b", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("wave3d", 0, "u_1_b", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("wave3d", 0, "u_2_b", Verdict.SAFE, Verdict.SAFE),
            new Expected("smooth_two_phase", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("smooth_two_phase", 1, "wb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("norm2_partial", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("relax_steps", 0, "ub", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("relax_steps", 1, "vb", Verdict.SAFE, Verdict.SAFE),
            new Expected("moments", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("dot_atomic", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("dot_atomic", 0, "yb", Verdict.SAFE, Verdict.SAFE),
            new Expected("two_fluxes", 0, "ub", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("two_fluxes", 1, "fxb", Verdict.SAFE, Verdict.SAFE),
            new Expected("energies", 0, "xb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("reversed_squares", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("binned_energy", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("ordered_tally", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            // the parallel loops before and after the split-off ordered block
            new Expected("ordered_scan", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("ordered_scan", 1, "xb", Verdict.SAFE, Verdict.SAFE),
            // in a region: the loop before the ordered one, the part after its block, the loop after it
            new Expected("ordered_scan_region", 0, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("ordered_scan_region", 1, "yb", Verdict.SAFE, Verdict.SAFE),
            new Expected("ordered_scan_region", 1, "xb", Verdict.SAFE, Verdict.SAFE),
            new Expected("ordered_scan_region", 2, "wb", Verdict.SAFE, Verdict.SAFE),
            new Expected("growth_factor", 0, "xb", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("window_private", 0, "xb", Verdict.UNSAFE, Verdict.UNSAFE),
            // the phases of the region divided by thread number: a three-point gather, then a pointwise
            // update, whose blocks are disjoint only by the bounds that divide the rows among the threads
            new Expected("block_rows", 0, "ub", Verdict.UNSAFE, Verdict.UNSAFE),
            new Expected("block_rows", 1, "vb", Verdict.SAFE, Verdict.UNSAFE));

    private static final Z3Prover Z3 = new Z3Prover();

    /** What is compared of one adjoint array: its verdict and how many of its increments are (UN)SAFE. */
    record Summary(Verdict verdict, int increments, long unsafe) {
        static Summary of(ArrayReport a) {
            return new Summary(a.verdict(), a.increments().size(), a.unsafeCount());
        }
    }

    static Stream<Arguments> pairsWithAndWithoutBounds() {
        return PAIRS.stream().flatMap(p -> Stream.of(Arguments.of(p, true), Arguments.of(p, false)));
    }

    @ParameterizedTest(name = "{0}, loop bounds {1}")
    @MethodSource("pairsWithAndWithoutBounds")
    void fortranGivesTheVerdictsOfCAndOfTheReadme(Pair p, boolean bounds) {
        Function c = function(p.c(), parse(p.c()), p.function());
        Function fortran = function(p.fortran(), parseFortran(p.fortran()), p.function());
        List<Map<String, Summary>> inC = summaries(analyze(c, p, bounds));
        List<Map<String, Summary>> inFortran = summaries(analyze(fortran, p, bounds));
        assertFalse(inC.isEmpty(), p.function() + ": no parallel loop analysed");
        assertTrue(inC.stream().allMatch(l -> !l.isEmpty()), p.function() + ": a loop without adjoint arrays " + inC);
        List<Expected> rows = EXPECTED.stream().filter(e -> e.function().equals(p.function())).toList();
        assertFalse(rows.isEmpty(), p.function() + ": no expected verdict");
        for (Expected e : rows) {
            assertEquals(e.verdict(bounds), verdict(inC, e), "C " + e);
            assertEquals(e.verdict(bounds), verdict(inFortran, e), "Fortran " + e);
        }
        assertEquals(inC, inFortran, p.function() + ": per loop and adjoint array, C vs Fortran");
    }

    @Test
    void everyAnnotatedFortranExampleHasAPair() throws IOException {
        Set<String> annotated = new TreeSet<>();
        try (Stream<Path> files = Files.list(Repo.root().resolve("examples/fortran"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".f90")).toList()) {
                String name = f.getFileName().toString();
                for (Function fn : parseFortran(name).unit().functions()) {
                    if (Differentiator.isAnnotated(fn)) {
                        annotated.add(name + " " + fn.name());
                    }
                }
            }
        }
        Set<String> pairs = new TreeSet<>();
        PAIRS.forEach(p -> pairs.add(p.fortran() + " " + p.function()));
        assertEquals(annotated, pairs);
    }

    /** Messages on Fortran code spell elements as Fortran does, in the model's counterexample too. */
    @Test
    void unsafeIncrementsOfFortranAreSpelledInFortran() {
        Pair c = PAIRS.get(0);
        for (Pair p : PAIRS) {
            if (p.function().equals("stencil1d")) {
                c = p;
            }
        }
        Function fortran = function(c.fortran(), parseFortran(c.fortran()), c.function());
        Function cFunction = function(c.c(), parse(c.c()), c.function());
        List<String> fortranTexts = unsafeTexts(analyze(fortran, c, true));
        List<String> cTexts = unsafeTexts(analyze(cFunction, c, true));
        assertFalse(fortranTexts.isEmpty());
        for (String t : fortranTexts) {
            assertFalse(t.contains("["), t);
            assertTrue(t.matches("(?s).*adjoint increment \\w+\\(.*both touch \\w+\\(\\d+\\).*"), t);
        }
        for (String t : cTexts) {
            assertTrue(t.matches("(?s).*adjoint increment \\w+\\[.*both touch \\w+\\[\\d+\\].*"), t);
        }
    }

    private static List<String> unsafeTexts(RaceReport r) {
        List<String> out = new ArrayList<>();
        for (LoopReport l : r.loops()) {
            for (ArrayReport a : l.arrays()) {
                a.increments().stream().filter(i -> i.verdict() == Verdict.UNSAFE)
                        .forEach(i -> out.add(i.reason() + " (counterexample: " + i.counterexample() + ")"));
            }
        }
        return out;
    }

    private static RaceReport analyze(Function f, Pair p, boolean bounds) {
        RaceOptions options = RaceOptions.defaults().withBounds(bounds);
        if (!p.deps().isEmpty()) {
            options = options.withGradient(p.deps(), p.indeps()).withAdjointNames(stencilAdjointNames(f));
        }
        RaceReport r = RaceAnalysis.analyze(f, Z3, options);
        for (LoopReport l : r.loops()) {
            assertNull(l.primalRace(), f.name() + ": " + l.primalRace());
            assertNull(l.unsupported(), f.name() + ": " + l.unsupported());
        }
        return r;
    }

    /** Per parallel loop in source order: adjoint name to summary. */
    private static List<Map<String, Summary>> summaries(RaceReport r) {
        List<Map<String, Summary>> out = new ArrayList<>();
        for (LoopReport l : r.loops()) {
            Map<String, Summary> arrays = new TreeMap<>();
            l.arrays().forEach(a -> arrays.put(a.adjoint(), Summary.of(a)));
            out.add(arrays);
        }
        return out;
    }

    private static Verdict verdict(List<Map<String, Summary>> loops, Expected e) {
        assertTrue(e.loop() < loops.size(), e + ": only " + loops.size() + " parallel loop(s)");
        Summary s = loops.get(e.loop()).get(e.adjoint());
        assertTrue(s != null && s.increments() > 0, e + ": no increment of " + e.adjoint() + " in " + loops);
        return s.verdict();
    }

    /** The names a {@code stencil adjoint(u:u_b, ...)} pragma gives. */
    private static Map<String, String> stencilAdjointNames(Function f) {
        Map<String, String> names = new LinkedHashMap<>();
        for (AdPragma p : f.pragmas()) {
            if (p instanceof AdPragma.StencilAdjoint s) {
                s.mappings().forEach(m -> names.put(m.array(), m.adjoint()));
            }
        }
        assertFalse(names.isEmpty(), f.name() + ": no stencil pragma");
        return names;
    }

    private static ParseResult parse(String cFile) {
        return checked(cFile, new CFrontEnd().parse(cFile, read("examples/" + cFile)));
    }

    private static ParseResult parseFortran(String file) {
        return checked(file, new FortranFrontEnd().parse(file, read("examples/fortran/" + file)));
    }

    private static ParseResult checked(String file, ParseResult r) {
        assertFalse(r.hasErrors(), () -> file + ": " + r.diagnostics());
        return r;
    }

    private static Function function(String file, ParseResult r, String name) {
        return r.unit().function(name).orElseThrow(() -> new AssertionError(file + " has no " + name));
    }

    private static String read(String path) {
        try {
            return Files.readString(Repo.root().resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
