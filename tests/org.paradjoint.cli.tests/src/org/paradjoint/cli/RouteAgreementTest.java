package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.Routes;
import org.paradjoint.pipeline.edits.ParsedSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Mpi;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * One file, one meaning: every example under {@code examples/} gives the same generated text
 * through the command line ({@code paradjoint differentiate}) as through the workbench's route
 * (the file parsed by its name as the editor does, each menu entry's generator with the default
 * preferences), and {@code paradjoint check} writes byte for byte the files that
 * {@code differentiate} writes.
 */
class RouteAgreementTest {

    /** The examples' sources; C headers are the files they include, not examples of their own. */
    static Stream<String> examples() throws IOException {
        Path root = Repo.examples();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).filter(p -> Languages.isSource(p.getFileName().toString()))
                    .filter(p -> !p.getFileName().toString().endsWith(".h"))
                    .map(p -> root.relativize(p).toString().replace('\\', '/')).sorted().toList().stream();
        }
    }

    /** The example copied into {@code dir} with the headers of its folder, which it may include. */
    private static Path copy(String example, Path dir) throws IOException {
        Path source = Repo.examples().resolve(example);
        try (Stream<Path> siblings = Files.list(source.getParent())) {
            for (Path h : siblings.filter(p -> p.getFileName().toString().endsWith(".h")).toList()) {
                Files.copy(h, dir.resolve(h.getFileName()));
            }
        }
        return Files.copy(source, dir.resolve(source.getFileName()));
    }

    /**
     * Skips the test when the example reads headers that a tool provides: {@code <mpi.h>} is found
     * in mpicc's include folders, and glibc's {@code <stdint.h>} types need gcc's predefined macros.
     */
    private static void requireToolsOfItsHeaders(Path file) throws IOException {
        String text = Files.readString(file);
        if (text.contains("#include <mpi.h>")) {
            Mpi.require();
        }
        if (text.contains("#include <stdint.h>")) {
            Gcc.require();
        }
    }

    /** As the editor parses it: by its name, its folder searched for what it includes. */
    private static TranslationUnit workbenchParse(Path file) throws IOException {
        return ParsedSource.parse(file.getFileName().toString(), Files.readString(file),
                Preprocessor.NONE.withFirstIncludeDir(file.getParent().toString())).unit().orElseThrow();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void commandLineAndWorkbenchWriteTheSameText(String example) throws IOException {
        Path dir = ScratchDir.create("paradjoint-routes");
        try {
            Path file = copy(example, dir);
            requireToolsOfItsHeaders(file);
            String name = file.getFileName().toString();
            TranslationUnit unit = workbenchParse(file);
            int compared = 0;
            for (DerivativeGenerator g : Generators.all()) {
                if (!g.supports(unit.language()) || unit.functions().stream().noneMatch(g::appliesTo)) {
                    continue;
                }
                GeneratedFile workbench = g.generate(unit, name, null, GenerationSettings.defaults());
                if (workbench.hasErrors()) {
                    // a derivative neither route can make (tangent mode of a function returning a value)
                    CliRun refused = CliRun.of("differentiate", file.toString(), "--mode", mode(g.id()), "-o",
                            dir.resolve("refused-" + g.id()).toString());
                    assertEquals(1, refused.status, example + ": " + g.id() + ": the routes disagree\n" + refused);
                    continue;
                }
                List<String> commandLine = commandLine(file, g.id(), dir.resolve("cli-" + g.id()));
                List<String> wbTexts = new ArrayList<>();
                wbTexts.add(workbench.text());
                workbench.companions().forEach(c -> wbTexts.add(c.text()));
                assertEquals(wbTexts, commandLine, example + ": " + g.id() + " differs between the routes");
                compared++;
            }
            assertTrue(compared > 0, example + ": no generator applies");
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** The texts {@code paradjoint differentiate} writes for the menu entry {@code id}: the file, then its companions. */
    private static List<String> commandLine(Path file, String id, Path out) throws IOException {
        Files.createDirectories(out);
        String mode = mode(id);
        CliRun r = CliRun.of("differentiate", file.toString(), "--mode", mode, "-o",
                mode.equals("separable") ? out.toString() : out.resolve("out").toString());
        assertEquals(0, r.status, r.toString());
        List<String> texts = new ArrayList<>();
        if (!mode.equals("separable")) {
            texts.add(Files.readString(out.resolve("out")));
            return texts;
        }
        // the order the command line reports them in: the gradient, then its companions
        for (String written : r.out.strip().substring("wrote ".length()).split(", ")) {
            texts.add(Files.readString(Path.of(written)));
        }
        return texts;
    }

    private static String mode(String generatorId) {
        return switch (generatorId) {
            case DerivativeGenerator.TANGENT -> "tangent";
            case DerivativeGenerator.SEPARABLE_GRADIENT -> "separable";
            default -> "reverse";
        };
    }

    /** The examples with a function that {@code check} tests (not those with partial separability only). */
    static Stream<String> checkableExamples() throws IOException {
        List<String> out = new ArrayList<>();
        for (String e : examples().toList()) {
            TranslationUnit unit = workbenchParse(Repo.examples().resolve(e));
            if (unit.functions().stream().anyMatch(Routes::isAnnotated)) {
                out.add(e);
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("checkableExamples")
    void checkWritesWhatDifferentiateWrites(String example) throws IOException {
        Path dir = ScratchDir.create("paradjoint-routes");
        try {
            Path file = copy(example, dir);
            requireToolsOfItsHeaders(file);
            String name = file.getFileName().toString();
            boolean fortran = Languages.forFile(name).orElseThrow().language() == TranslationUnit.Language.FORTRAN;
            if (fortran) {
                Gfortran.require();
            }
            // a Kokkos check holds the adjoint against differences: it writes no tangent
            boolean withTangent = Languages.forFile(name).orElseThrow().checkToolchain().orElseThrow().needsTangent();
            TranslationUnit unit = workbenchParse(file);
            Function f = unit.functions().stream().filter(Routes::isAnnotated).findFirst().orElseThrow();
            String base = name.substring(0, name.lastIndexOf('.'));
            String ext = name.substring(name.lastIndexOf('.'));
            CliRun adjoint = CliRun.of("differentiate", file.toString(), "--mode", "reverse", "-o",
                    dir.resolve("expected_b").toString());
            CliRun tangent = CliRun.of("differentiate", file.toString(), "--mode", "tangent", "-o",
                    dir.resolve("expected_d").toString());
            assertEquals(0, adjoint.status, adjoint.toString());
            assertEquals(withTangent ? 0 : tangent.status, tangent.status, tangent.toString());
            CliRun check = CliRun.of("check", file.toString(), "--function", f.name());
            Path checkedB = dir.resolve(base + "_b" + ext);
            Path checkedD = dir.resolve(base + "_d" + ext);
            assertNotNull(check);
            if (check.status != 0) {
                // without options some drivers cannot be made (extents the source does not declare); a
                // failed check removes what it wrote, so its files can only be compared when it succeeds
                assertFalse(Files.exists(checkedB) || Files.exists(checkedD), check.toString());
                assertTrue(check.err.contains("removed the files it created"), check.toString());
                return;
            }
            assertTrue(Files.exists(checkedB), check.toString());
            assertEquals(Files.readString(dir.resolve("expected_b")), Files.readString(checkedB), example);
            if (withTangent) {
                assertEquals(Files.readString(dir.resolve("expected_d")), Files.readString(checkedD), example);
            } else {
                assertFalse(Files.exists(checkedD), example);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
