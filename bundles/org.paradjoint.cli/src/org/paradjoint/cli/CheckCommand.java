package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.CheckSpecException;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.pipeline.Routes;

/**
 * {@code paradjoint check FILE --function NAME}: writes FILE_d.c, FILE_b.c and a driver that runs
 * the dot-product and finite-difference tests; with {@code --run} also compiles and runs it.
 */
final class CheckCommand implements Command {

    static final String EXTRA_HELP = """

            Running it at once:
              --run                 also compile the driver with gcc and run it; the exit status
                                    is then the driver's (0 only on PASS)
              --threads LIST        OpenMP thread counts to run with, comma-separated (default 1,2)
            """;

    @Override
    public String name() {
        return "check";
    }

    @Override
    public String summary() {
        return "write (and with --run, run) a dot-product and finite-difference test of NAME";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>();
        boolean run = false;
        List<Integer> threads = List.of(1, 2);
        for (int k = 0; k < args.length; k++) {
            if (args[k].equals("--run")) {
                run = true;
            } else if (args[k].equals("--threads") || args[k].startsWith("--threads=")) {
                String v = args[k].contains("=") ? args[k].substring(args[k].indexOf('=') + 1)
                        : k + 1 < args.length ? args[++k] : "";
                try {
                    threads = parseThreads(v);
                } catch (NumberFormatException e) {
                    err.println("paradjoint check: --threads needs a list of positive integers, e.g. 1,2");
                    return Paradjoint.USAGE;
                }
            } else {
                rest.add(args[k]);
            }
        }
        CheckSpecParser.CheckCommand c;
        try {
            c = CheckSpecParser.parseCommand(rest);
        } catch (CheckSpecException e) {
            err.println("paradjoint check: " + e.getMessage());
            return Paradjoint.USAGE;
        }
        if (c.help()) {
            out.print(CheckSpecParser.HELP);
            out.print(EXTRA_HELP);
            return 0;
        }
        if (c.file() == null || c.function() == null) {
            err.println("paradjoint check: " + (c.file() == null ? "missing FILE" : "missing --function NAME")
                    + " (see paradjoint check --help)");
            return Paradjoint.USAGE;
        }
        if (Languages.forFile(c.file()).map(l -> l.language() == TranslationUnit.Language.FORTRAN).orElse(false)) {
            return FortranCheck.run(c, run, threads, out, err);
        }
        ParseResult parsed = SourceFiles.parse(c.file(), err);
        if (parsed == null || SourceFiles.report(c.file(), parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        Function primal = parsed.unit().function(c.function()).orElse(null);
        if (primal == null) {
            err.println(c.file() + ": error: no function '" + c.function() + "' in this file");
            return 1;
        }
        if (!Routes.isAnnotated(primal)) {
            err.println(primal.range().location() + ": error: function '" + c.function()
                    + "' has no `ad gradient`, `ad tangent` or `ad stencil` pragma: nothing to check");
            return 1;
        }
        // Exactly the files `paradjoint differentiate` writes with its defaults, through the same route.
        GeneratedFile tangent = derivatives(parsed.unit(), c.file(), Mode.TANGENT);
        GeneratedFile adjoint = derivatives(parsed.unit(), c.file(), Mode.REVERSE);
        if (SourceFiles.report(c.file(), tangent.diagnostics(), err) | SourceFiles.report(c.file(), adjoint.diagnostics(), err)
                || tangent.hasErrors() || adjoint.hasErrors()) {
            return 1;
        }
        Path source = Path.of(c.file()).toAbsolutePath();
        Path dir = source.getParent();
        Path driverPath = c.output() != null ? Path.of(c.output()).toAbsolutePath()
                : dir.resolve(c.function() + "_check.c");
        String relativeSource = driverPath.getParent().relativize(source).toString();
        CheckDriver driver = CheckDriverGenerator.generate(primal, signature(tangent, c.function()),
                signature(adjoint, c.function()), c.spec(), relativeSource);
        if (SourceFiles.report(c.file(), driver.diagnostics(), err) || driver.hasErrors()) {
            return 1;
        }
        try {
            SourceFiles.write(Path.of(tangent.path()).toAbsolutePath(), tangent.text());
            SourceFiles.write(Path.of(adjoint.path()).toAbsolutePath(), adjoint.text());
            SourceFiles.write(driverPath, driver.source());
        } catch (IOException e) {
            err.println("error: cannot write: " + e.getMessage());
            return 1;
        }
        out.println("wrote " + tangent.path() + ", " + adjoint.path() + " and " + driverPath);
        if (!run) {
            out.println("build and run: cd " + driverPath.getParent() + " && gcc "
                    + String.join(" ", DriverRunner.GCC_FLAGS) + " " + driverPath.getFileName() + " -lm && ./a.out");
            return 0;
        }
        return compileAndRun(driverPath, threads, out, err);
    }

    static int compileAndRun(Path driver, List<Integer> threads, PrintStream out, PrintStream err) {
        DriverRunner runner = new DriverRunner();
        String exeName = driver.getFileName().toString().replaceFirst("\\.c$", "");
        Path exe = driver.resolveSibling(exeName);
        try {
            DriverRunner.Outcome compiled = runner.compile(driver, exe);
            if (!compiled.ok()) {
                err.println("error: the driver does not compile:");
                err.print(compiled.text());
                return 1;
            }
            int status = 0;
            for (int t : threads) {
                out.println("== OMP_NUM_THREADS=" + t);
                DriverRunner.Outcome ran = runner.run(exe, t);
                out.print(ran.stdout());
                err.print(ran.stderr());
                if (!ran.ok()) {
                    status = 1;
                }
            }
            return status;
        } catch (IOException e) {
            err.println("error: cannot run gcc or the driver: " + e.getMessage());
            return 1;
        }
    }

    /** The derivatives `paradjoint differentiate FILE --mode MODE` writes, with its default settings. */
    static GeneratedFile derivatives(TranslationUnit unit, String file, Mode mode) {
        return DerivativeFiles.generate(unit, file, mode, null, GenerationSettings.defaults(),
                ReductionLengths.symbolic());
    }

    private static DerivativeSignature signature(GeneratedFile r, String primalName) {
        return r.signatures().stream().filter(s -> s.primalName().equals(primalName)).findFirst().orElseThrow();
    }

    private static List<Integer> parseThreads(String v) {
        List<Integer> r = new ArrayList<>();
        for (String p : v.split(",")) {
            int t = Integer.parseInt(p.trim());
            if (t < 1) {
                throw new NumberFormatException(p);
            }
            r.add(t);
        }
        if (r.isEmpty()) {
            throw new NumberFormatException(v);
        }
        return r;
    }
}
