package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.race.RaceOptions;

/** {@code paradjoint differentiate FILE [--mode reverse|tangent] [--function NAME] [-o OUT]}. */
final class DifferentiateCommand implements Command {

    static final String HELP = """
            usage: paradjoint differentiate FILE [--mode reverse|tangent|separable] [--function NAME] [-o OUT]
                                            [--dependents A,B --independents X,Y]
                                            [--adjoint-suffix S] [--tangent-suffix S]
                                            [--race-strategy atomic|reduction] [--no-race-analysis]
                                            [--prover-timeout MS] [--extent NAME=EXPR]
                                            [--strategy split|guarded]

            Differentiates every function of FILE that carries an `ad gradient`, `ad tangent`
            or `ad stencil` pragma (or only NAME) and writes the derivatives next to FILE:
            FILE_b.c with functions f_b (reverse mode) or FILE_d.c with functions f_d (tangent
            mode); for Fortran FILE_b.f90 / FILE_d.f90 with subroutines f_b / f_d. Nothing is
            written when there is an error.

            options:
              --mode MODE              reverse (adjoint, default) or tangent; without --mode,
                                       a file annotated only with `ad tangent` gets tangent
                                       mode. separable: the partially separable gradient
                                       f_grad_ps of functions with `ad partially_separable`,
                                       written to FILE_ps.c + FILE_ps.h + paradjoint_ps.h
                                       (Fortran: the same C, and FILE_ps_mod.f90 with its
                                       bind(C) interfaces)
              --function NAME          differentiate only this function
              -o, --output OUT         write here instead (- for standard output)
              --dependents LIST        comma-separated outputs (with --independents: overrides
                                       the pragmas, or differentiates an unannotated function)
              --independents LIST      comma-separated inputs
              --adjoint-suffix S       suffix of adjoint names (default b)
              --tangent-suffix S       suffix of tangent names (default d)

            parallel loops (reverse mode): the race analysis proves which increments of shared
            adjoints cannot collide between iterations; those are plain `+=`, the others are
            protected and reported as warnings (file:line:col: warning: ...):
              --race-strategy S        atomic (default): `#pragma omp atomic` on each unproven
                                       increment; reduction: the adjoint array goes into a
                                       `reduction(+: xb[0:len])` clause of the adjoint loop
              --no-race-analysis       protect every increment of a shared adjoint (baseline)
              --extent NAME=EXPR       number of elements of array NAME (leading dimension), a C
                                       expression over integer parameters, e.g. uold=n; needed by
                                       reduction clauses and saves of arrays declared as pointers
              --prover-timeout MS      time limit of each question to the prover (default 1000)

            adjoint stencils (functions with `ad stencil adjoint(...)`, reverse mode):
              --strategy split|guarded boundary strategy; overrides the pragma's (default split)

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
        if (o.separable) {
            return SeparableOutput.write(unit, o.file, o.function, o.independents, o.adjointSuffix, o.output, out, err);
        }
        DiffOptions options = DiffOptions.defaults().withSuffixes(o.tangentSuffix, o.adjointSuffix);
        if (o.dependents != null || o.independents != null) {
            options = options.withVariables(o.dependents, o.independents);
        }
        options = options.withRaceStrategy(o.raceStrategy).withExtents(o.extents);
        Mode mode = o.mode != null ? o.mode : defaultMode(unit);
        RaceOptions raceOptions = RaceOptions.defaults().withTimeout(Duration.ofMillis(o.proverTimeoutMs));
        List<Function> targets = new ArrayList<>();
        if (o.function != null) {
            Function f = unit.function(o.function).orElse(null);
            if (f == null) {
                err.println(o.file + ": error: no function '" + o.function + "' in " + o.file);
                return 1;
            }
            targets.add(f);
        } else {
            unit.functions().stream().filter(Differentiator::isAnnotated).forEach(targets::add);
            if (targets.isEmpty()) {
                return noAnnotatedFunction(o.file, err);
            }
        }
        Routes routes = new Routes(unit, mode, options, o.noRaceAnalysis, raceOptions,
                new StencilOptions(o.stencilStrategy, options.adjointSuffix()));
        FileResult r = routes.differentiateAll(targets);
        if (SourceFiles.report(o.file, r.diagnostics(), err) || r.hasErrors()) {
            return 1;
        }
        String text = r.text();
        List<String> produced = r.functions().stream().map(Function::name).toList();
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

    private static int noAnnotatedFunction(String file, PrintStream err) {
        err.println(file + ": error: no function carries an `ad gradient`, `ad tangent` or `ad stencil`"
                + " pragma; annotate one, or name it with --function and give --dependents/--independents");
        return 1;
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
        RaceStrategy raceStrategy = RaceStrategy.ATOMIC;
        boolean noRaceAnalysis;
        boolean separable;
        Map<String, String> extents = new LinkedHashMap<>();
        StencilOptions.Strategy stencilStrategy;
        long proverTimeoutMs = RaceOptions.DEFAULT_TIMEOUT.toMillis();
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int k = 0; k < args.length; k++) {
                String a = args[k];
                switch (a) {
                    case "-h", "--help" -> o.help = true;
                    case "--mode" -> {
                        String m = value(args, ++k, a);
                        o.separable = m.equals("separable");
                        o.mode = o.separable ? null : mode(m);
                    }
                    case "--function" -> o.function = value(args, ++k, a);
                    case "-o", "--output" -> o.output = value(args, ++k, a);
                    case "--dependents" -> o.dependents = list(value(args, ++k, a));
                    case "--independents" -> o.independents = list(value(args, ++k, a));
                    case "--adjoint-suffix" -> o.adjointSuffix = value(args, ++k, a);
                    case "--tangent-suffix" -> o.tangentSuffix = value(args, ++k, a);
                    case "--race-strategy" -> o.raceStrategy = strategy(value(args, ++k, a));
                    case "--no-race-analysis" -> o.noRaceAnalysis = true;
                    case "--extent" -> {
                        String v = value(args, ++k, a);
                        int eq = v.indexOf('=');
                        if (eq <= 0 || eq == v.length() - 1) {
                            throw new IllegalArgumentException("--extent needs NAME=EXPR, not '" + v + "'");
                        }
                        o.extents.put(v.substring(0, eq).trim(), v.substring(eq + 1).trim());
                    }
                    case "--strategy" -> o.stencilStrategy = stencilStrategy(value(args, ++k, a));
                    case "--prover-timeout" -> o.proverTimeoutMs = OptionValues.positive(value(args, ++k, a), a);
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
                default -> throw new IllegalArgumentException("--mode must be reverse, tangent or separable, not '" + s
                        + "'");
            };
        }

        private static RaceStrategy strategy(String s) {
            return switch (s) {
                case "atomic" -> RaceStrategy.ATOMIC;
                case "reduction" -> RaceStrategy.REDUCTION;
                default -> throw new IllegalArgumentException("--race-strategy must be atomic or reduction, not '" + s
                        + "'");
            };
        }

        private static StencilOptions.Strategy stencilStrategy(String s) {
            try {
                return StencilOptions.Strategy.of(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--strategy: " + e.getMessage());
            }
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
