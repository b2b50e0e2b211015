package org.paradjoint.z3.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckTarget;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.testsupport.Gcc;

/**
 * What {@code paradjoint check} does with a given adjoint file: writes {@code base.c},
 * {@code base_d.c}, {@code base_b.c} and the driver into a folder, compiles it with
 * {@code gcc -std=c11 -Wall -Wextra -Werror -fopenmp} and runs it with a number of threads.
 */
final class AdjointCheck {

    private static final DriverRunner RUNNER = new DriverRunner();

    private AdjointCheck() {
    }

    /** The executable, or an AssertionError that says which step failed and shows the files. */
    static Path build(Path dir, String base, String source, TranslationUnit unit, FileResult tangent,
            FileResult adjoint, Map<String, CheckSpec> specs) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(base + ".c"), source);
        Files.writeString(dir.resolve(base + "_d.c"), tangent.text());
        Files.writeString(dir.resolve(base + "_b.c"), adjoint.text());
        List<CheckTarget> targets = new ArrayList<>();
        for (DerivativeSignature t : tangent.signatures()) {
            DerivativeSignature a = adjoint.signatures().stream().filter(s -> s.primalName().equals(t.primalName()))
                    .findFirst().orElseThrow();
            targets.add(new CheckTarget(unit.function(t.primalName()).orElseThrow(), t, a, specs.get(t.primalName())));
        }
        CheckDriver driver = CheckDriverGenerator.generate(targets, CheckDriverGenerator.includesFor(base + ".c"));
        if (driver.hasErrors()) {
            throw new AssertionError(base + ": driver errors " + driver.diagnostics());
        }
        Path c = dir.resolve(base + "_check.c");
        Files.writeString(c, driver.source());
        Path exe = dir.resolve(base + "_check");
        Gcc.require();
        DriverRunner.Outcome cc = RUNNER.compile(c, exe);
        if (!cc.ok()) {
            throw new AssertionError(base + ": gcc failed:\n" + cc.text() + "\n---- " + base + "_b.c\n" + adjoint.text());
        }
        return exe;
    }

    static CheckReport run(Path exe, int threads) throws IOException {
        DriverRunner.Outcome o = RUNNER.run(exe, threads);
        if (o.exitCode() != 0) {
            throw new AssertionError(exe + " with " + threads + " thread(s): exit " + o.exitCode() + "\n" + o.text());
        }
        return o.report();
    }
}
