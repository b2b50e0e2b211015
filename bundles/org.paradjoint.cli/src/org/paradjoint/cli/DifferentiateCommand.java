package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;

/** {@code paradjoint differentiate FILE [--mode reverse|tangent] [--function NAME] [-o OUT]}. */
final class DifferentiateCommand implements Command {

    static final String HELP = """
            usage: paradjoint differentiate FILE [--mode reverse|tangent] [--function NAME] [-o OUT]
                                            [--dependents A,B --independents X,Y]
                                            [--adjoint-suffix S] [--tangent-suffix S]

            Differentiates every function of FILE that carries an `ad gradient`, `ad tangent`
            or `ad stencil` pragma (or only NAME) and writes the derivatives next to FILE:
            FILE_b.c with functions f_b (reverse mode) or FILE_d.c with functions f_d (tangent
            mode); for Fortran FILE_b.f90 / FILE_d.f90 with subroutines f_b / f_d. Nothing is
            written when there is an error.

            options:
              --mode reverse|tangent   reverse (adjoint, default) or tangent mode; without
                                       --mode, a file annotated only with `ad tangent` gets
                                       tangent mode
              --function NAME          differentiate only this function
              -o, --output OUT         write here instead (- for standard output)
              --dependents LIST        comma-separated outputs (with --independents: overrides
                                       the pragmas, or differentiates an unannotated function)
              --independents LIST      comma-separated inputs
              --adjoint-suffix S       suffix of adjoint names (default b)
              --tangent-suffix S       suffix of tangent names (default d)

            Errors are printed as file:line:col: error: message; the exit status is then 1.
            """;

    @Override
    public String name() {
        return "differentiate";
    }

    @Override
    public String summary() {
        return "write the adjoint (FILE_b.c) or tangent (FILE_d.c) of annotated functions";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("paradjoint differentiate: " + e.getMessage());
            err.println("(see paradjoint differentiate --help)");
            return Paradjoint.USAGE;
        }
        if (o.help) {
            out.print(HELP);
            return 0;
        }
        ParseResult parsed = SourceFiles.parse(o.file, err);
        if (parsed == null) {
            return 1;
        }
        if (SourceFiles.report(o.file, parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        TranslationUnit unit = parsed.unit();
        DiffOptions options = DiffOptions.defaults().withSuffixes(o.tangentSuffix, o.adjointSuffix);
        if (o.dependents != null || o.independents != null) {
            options = options.withVariables(o.dependents, o.independents);
        }
        Mode mode = o.mode != null ? o.mode : defaultMode(unit);
        String text;
        List<String> produced = new ArrayList<>();
        if (o.function != null) {
            DiffResult r = Differentiator.differentiate(unit, o.function, mode, options);
            if (SourceFiles.report(o.file, r.diagnostics(), err) || r.hasErrors()) {
                return 1;
            }
            text = Outputs.printFile(unit, List.of(r.function()));
            produced.add(r.function().name());
        } else {
            if (unit.functions().stream().noneMatch(Differentiator::isAnnotated) && !options.overridesVariables()) {
                err.println(o.file + ": error: no function carries an `ad gradient`, `ad tangent` or `ad stencil`"
                        + " pragma; annotate one, or name it with --function and give --dependents/--independents");
                return 1;
            }
            FileResult r = Outputs.differentiateAll(unit, mode, options);
            if (SourceFiles.report(o.file, r.diagnostics(), err) || r.hasErrors()) {
                return 1;
            }
            text = r.text();
            r.functions().forEach(f -> produced.add(f.name()));
        }
        String target = o.output != null ? o.output : Differentiator.outputFileName(o.file, mode, options);
        if (target.equals("-")) {
            out.print(text);
            return 0;
        }
        try {
            SourceFiles.write(Path.of(target), text);
        } catch (IOException e) {
            err.println(target + ": error: cannot write: " + e.getMessage());
            return 1;
        }
        out.println("wrote " + target + " (" + String.join(", ", produced) + ")");
        return 0;
    }

    /** Tangent mode only when the file asks for nothing but tangents. */
    static Mode defaultMode(TranslationUnit unit) {
        boolean anyTangent = false;
        for (Function f : unit.functions()) {
            for (AdPragma p : f.pragmas()) {
                if (p instanceof AdPragma.Gradient || p instanceof AdPragma.StencilAdjoint) {
                    return Mode.REVERSE;
                }
                anyTangent |= p instanceof AdPragma.Tangent;
            }
        }
        return anyTangent ? Mode.TANGENT : Mode.REVERSE;
    }

    private static final class Options {
        String file;
        Mode mode;
        String function;
        String output;
        List<String> dependents;
        List<String> independents;
        String adjointSuffix;
        String tangentSuffix;
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int k = 0; k < args.length; k++) {
                String a = args[k];
                switch (a) {
                    case "-h", "--help" -> o.help = true;
                    case "--mode" -> o.mode = mode(value(args, ++k, a));
                    case "--function" -> o.function = value(args, ++k, a);
                    case "-o", "--output" -> o.output = value(args, ++k, a);
                    case "--dependents" -> o.dependents = list(value(args, ++k, a));
                    case "--independents" -> o.independents = list(value(args, ++k, a));
                    case "--adjoint-suffix" -> o.adjointSuffix = value(args, ++k, a);
                    case "--tangent-suffix" -> o.tangentSuffix = value(args, ++k, a);
                    default -> {
                        if (a.startsWith("-") && !a.equals("-")) {
                            throw new IllegalArgumentException("unknown option '" + a + "'");
                        }
                        if (o.file != null) {
                            throw new IllegalArgumentException("more than one FILE: '" + o.file + "' and '" + a + "'");
                        }
                        o.file = a;
                    }
                }
            }
            if (!o.help && o.file == null) {
                throw new IllegalArgumentException("missing FILE");
            }
            return o;
        }

        private static String value(String[] args, int k, String option) {
            if (k >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[k];
        }

        private static Mode mode(String s) {
            return switch (s) {
                case "reverse", "adjoint" -> Mode.REVERSE;
                case "tangent", "forward" -> Mode.TANGENT;
                default -> throw new IllegalArgumentException("--mode must be reverse or tangent, not '" + s + "'");
            };
        }

        private static List<String> list(String s) {
            List<String> r = new ArrayList<>();
            for (String part : s.split(",")) {
                if (!part.isBlank()) {
                    r.add(part.trim());
                }
            }
            return r;
        }
    }
}
