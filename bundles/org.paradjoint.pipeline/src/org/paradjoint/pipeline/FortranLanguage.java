package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.regex.Pattern;

import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.print.FortranPrinter;
import org.paradjoint.pipeline.check.FortranCheck;
import org.paradjoint.pipeline.check.CheckToolchain;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.timing.FortranTiming;
import org.paradjoint.pipeline.timing.TimingToolchain;
import org.paradjoint.pipeline.edits.FortranUnits;

/** Free-form Fortran: its own front-end, printed as Fortran with the tape module where an adjoint needs it. */
final class FortranLanguage implements SourceLanguage {

    /** An annotation line; group 1 is the annotation text (from {@code ad}) to the end of the line. */
    private static final Pattern DIRECTIVE = Pattern.compile("^[ \\t]*!\\$(ad[ \\t]+\\w[^\\r\\n]*)",
            Pattern.MULTILINE | Pattern.CASE_INSENSITIVE);

    /** Fortran is case-insensitive: the annotation text is given to the grammar in lower case. */
    private static final Dialect DIALECT = new Dialect(Language.FORTRAN, "!$ad ", DIRECTIVE,
            m -> m.group(1).toLowerCase(Locale.ROOT),
            line -> line.toLowerCase(Locale.ROOT).startsWith("!$omp") || line.toLowerCase(Locale.ROOT).startsWith("!$ad"),
            FortranUnits::declarations, FortranPrinter::print, (array, length) -> "reduction(+: " + array + ")");

    @Override
    public Language language() {
        return Language.FORTRAN;
    }

    @Override
    public String displayName() {
        return "Fortran";
    }

    @Override
    public List<String> extensions() {
        return List.of(".f90", ".f95", ".f03", ".f08");
    }

    @Override
    public FrontEnd newFrontEnd() {
        return new FortranFrontEnd();
    }

    @Override
    public Dialect dialect() {
        return DIALECT;
    }

    @Override
    public String printFile(List<Function> functions) {
        return FortranPrinter.printFile(functions, null);
    }

    @Override
    public Optional<SeparableDifferentiator.Backend> separableBackend() {
        return Optional.of(FortranSeparableGradient::generate);
    }

    @Override
    public Optional<CheckToolchain> checkToolchain() {
        return Optional.of(new FortranCheck());
    }

    @Override
    public Optional<TimingToolchain> timingToolchain() {
        return Optional.of(new FortranTiming());
    }

    @Override
    public String commentLine(String text) {
        return "! " + text;
    }
}
