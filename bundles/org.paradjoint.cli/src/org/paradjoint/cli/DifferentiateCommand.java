package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.pipeline.Routes;
import org.paradjoint.z3.Z3Prover;

/** {@code paradjoint differentiate FILE [--mode reverse|tangent] [--function NAME] [-o OUT]}. */
final class DifferentiateCommand implements Command {

    static final String HELP = """
            usage: paradjoint differentiate FILE [--mode reverse|tangent|separable] [--function NAME] [-o OUT]
                                            [--force]
                                            [--dependents A,B --independents X,Y]
                                            [--adjoint-suffix S] [--tangent-suffix S]
                                            [--race-strategy private|atomic|reduction|all-atomic]
                                            [--no-race-analysis]
                                            [--prover-timeout MS] [--extent NAME=EXPR]
                                            [--strategy split|guarded]
                                            [-I DIR]... [-D NAME[=VALUE]]...

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
              -o, --output OUT         write here instead (- for standard output); never FILE
              --force                  replace an existing output file that paradjoint did not
                                       generate (generated files begin with a marker line and are
                                       replaced without asking)
              --dependents LIST        comma-separated outputs (with --independents: overrides
                                       the pragmas, or differentiates an unannotated function)
              --independents LIST      comma-separated inputs
              --adjoint-suffix S       suffix of adjoint names (default b)
              --tangent-suffix S       suffix of tangent names (default d)

            C files are read as gcc reads them: their #includes (the file's folder, then the -I
            folders, then the system headers), macros expanded, typedefs resolved:
            %s

            parallel loops (reverse mode): the race analysis proves which increments of shared
            adjoints cannot collide between iterations; those are plain `+=`, the others are
            protected and reported as warnings (file:line:col: warning: ...):
              --race-strategy S        private (default): an adjoint array with unproven
                                       increments that the adjoint loop only increments, and
                                       whose extents are known, is accumulated per thread
                                       (thread 0 into the array, the others into zeroed copies
                                       added after the loop), others get `#pragma omp atomic`;
                                       atomic: `#pragma omp atomic` on each unproven increment;
                                       reduction: the adjoint array goes into a
                                       `reduction(+: xb[0:len])` clause of the adjoint loop;
                                       all-atomic: as --no-race-analysis
              --no-race-analysis       protect every increment of a shared adjoint (baseline)
              --extent NAME=EXPR       number of elements of array NAME (leading dimension), a C
                                       expression over integer parameters, e.g. uold=n; needed by
                                       reduction clauses, per-thread copies and saves of arrays
                                       declared as pointers
              --prover-timeout MS      time limit of each question to the prover (default 1000)

            adjoint stencils (functions with `ad stencil adjoint(...)`, reverse mode):
              --strategy split|guarded boundary strategy; overrides the pragma's (default split)

            Errors are printed as file:line:col: error: message; the exit status is then 1
            (64 for a wrong option or option value, or an output that is FILE itself).
            """;

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        DifferentiateOptions o;
        try {
            o = DifferentiateOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("paradjoint differentiate: " + e.getMessage());
            err.println("(see paradjoint differentiate --help)");
            return Paradjoint.USAGE;
        }
        if (o.help) {
            out.print(HELP.formatted(PreprocessorOptions.HELP.stripTrailing()));
            return 0;
        }
        if (!o.noRaceAnalysis && !o.separable && o.mode != Mode.TANGENT) {
            Z3Prover.loadInBackground(); // the race analysis will need it: unpack it while the parser runs
        }
        // only what the derivatives need is mapped: in a large file most functions are not annotated
        ParseResult parsed = SourceFiles.parseForDifferentiation(o.file, o.preprocessor.preprocessor(),
                o.function == null ? Set.of() : Set.of(o.function), err);
        if (parsed == null) {
            return 1;
        }
        if (SourceFiles.report(o.file, parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        TranslationUnit unit = parsed.unit();
        Optional<String> misnamed = OptionNames.problem(unit, o.function, o.dependents, o.independents, o.extents);
        if (misnamed.isPresent()) {
            err.println("paradjoint differentiate: " + misnamed.get());
            return Paradjoint.USAGE;
        }
        GenerationSettings settings = o.settings();
        if (o.separable) {
            return SeparableOutput.write(unit, o.file, o.function, settings, o.output, o.force, out, err);
        }
        if (o.function == null && unit.functions().stream().noneMatch(Routes::isAnnotated)) {
            return noAnnotatedFunction(o.file, err);
        }
        Mode mode = o.mode != null ? o.mode : defaultMode(unit);
        GeneratedFile g = DerivativeFiles.generate(unit, o.file, mode, o.function, settings,
                ReductionLengths.symbolic());
        if (SourceFiles.report(o.file, g.diagnostics(), err) || g.hasErrors()) {
            return 1;
        }
        String target = o.output != null ? o.output : g.path();
        if (target.equals("-")) {
            out.print(g.text());
            return 0;
        }
        if (SourceFiles.sameFile(o.file, Path.of(target))) {
            err.println("paradjoint differentiate: refusing to overwrite the source " + o.file
                    + " with its derivative; give -o another file");
            return Paradjoint.USAGE;
        }
        if (!SourceFiles.mayWrite(List.of(Path.of(target)), o.force, err)) {
            return 1;
        }
        try {
            SourceFiles.write(Path.of(target), g.text());
        } catch (IOException e) {
            err.println(Diagnostic.error("cannot-write", SourceRange.ofFile(target), "reason", e.getMessage())
                    .format());
            return 1;
        }
        out.println("wrote " + target + " (" + names(g.functionNames()) + ")");
        return 0;
    }

    private static int noAnnotatedFunction(String file, PrintStream err) {
        err.println(Diagnostic.error("no-annotated-function", SourceRange.ofFile(file)).format());
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

    /** The generated functions' names; past {@value #NAMED} of them, a count (a file may hold thousands). */
    private static final int NAMED = 8;

    static String names(List<String> names) {
        if (names.size() <= NAMED) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, NAMED)) + " and " + (names.size() - NAMED) + " more";
    }
}
