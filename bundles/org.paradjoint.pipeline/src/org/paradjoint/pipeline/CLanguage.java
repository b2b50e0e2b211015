package org.paradjoint.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.print.CStructWrappers;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.pipeline.check.CCheck;
import org.paradjoint.pipeline.check.CheckToolchain;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.timing.CTiming;
import org.paradjoint.pipeline.timing.TimingToolchain;
import org.paradjoint.pipeline.edits.TopLevel;

/** C: parsed by CDT's DOM parser, printed as C11 with OpenMP. */
final class CLanguage implements SourceLanguage {

    /** An annotation line; group 1 is the annotation text (from {@code ad} or {@code $adic}) to the end of the line. */
    private static final Pattern PRAGMA = Pattern.compile(
            "^[ \\t]*#[ \\t]*pragma[ \\t]+((?:ad[ \\t]+\\w|\\$adic_(?:partiallyseparable|partialelemental))[^\\r\\n]*)",
            Pattern.MULTILINE);

    private static final Dialect DIALECT = new Dialect(Language.C, "#pragma ad ", PRAGMA, m -> m.group(1),
            line -> line.startsWith("#pragma") || line.startsWith("# pragma"), TopLevel::declarations,
            CPrinter::print, (array, length) -> "reduction(+: " + array + "[:" + length + "])");

    @Override
    public Language language() {
        return Language.C;
    }

    @Override
    public String displayName() {
        return "C";
    }

    @Override
    public List<String> extensions() {
        // Case matters for C: .C is C++ by convention, so only the lower-case spellings are C.
        return List.of(".c", ".h");
    }

    @Override
    public boolean reads(String fileName) {
        return fileName.endsWith(".c") || fileName.endsWith(".h");
    }

    @Override
    public FrontEnd newFrontEnd() {
        return new CFrontEnd();
    }

    @Override
    public FrontEnd newFrontEnd(Preprocessor preprocessor) {
        return new CFrontEnd(preprocessor);
    }

    @Override
    public Dialect dialect() {
        return DIALECT;
    }

    @Override
    public String printFile(List<Function> functions) {
        return CPrinter.printFile(functions);
    }

    @Override
    public String printFile(TranslationUnit unit, List<Function> functions, List<DerivativeSignature> signatures) {
        return CStructWrappers.printFile(unit, functions, signatures);
    }

    @Override
    public Optional<SeparableDifferentiator.Backend> separableBackend() {
        return Optional.of(SeparableDifferentiator.Backend.C);
    }

    @Override
    public Optional<CheckToolchain> checkToolchain() {
        return Optional.of(new CCheck());
    }

    @Override
    public Optional<TimingToolchain> timingToolchain() {
        return Optional.of(new CTiming());
    }

    @Override
    public String commentLine(String text) {
        return "/* " + text + " */";
    }
}
