package org.paradjoint.pipeline;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.pipeline.check.CheckToolchain;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.timing.TimingToolchain;
import org.paradjoint.separable.SeparableDifferentiator;

/**
 * Everything that differs between the languages Paradjoint reads: which files are theirs, the
 * front-end that maps them to the IR, how users write annotations, and the printer that
 * writes derivatives back in the same language. The transformations work on the IR and never ask
 * which language it came from; every other place that needs a language-specific answer asks the
 * unit's {@code SourceLanguage} from {@link Languages}. Adding a language means adding one
 * implementation of this interface (and its front-end and printer) to {@link Languages}.
 */
public interface SourceLanguage {

    /** The IR's tag for units of this language. */
    Language language();

    /** The name users know, e.g. {@code C} or {@code Fortran}. */
    String displayName();

    /** File extensions with their dot, lower case, e.g. {@code .c}, {@code .f90}. */
    List<String> extensions();

    /** A new front-end: parsing may run in several jobs at once. */
    FrontEnd newFrontEnd();

    /**
     * A new front-end that reads included files from the user's include folders and predefines the
     * user's macros ({@code -I}, {@code -D}); a language without a C preprocessor ignores them.
     */
    default FrontEnd newFrontEnd(Preprocessor preprocessor) {
        return newFrontEnd();
    }

    /** How annotations and directives are written: what the workbench's scanners and edits need. */
    Dialect dialect();

    /**
     * The text of a file of generated functions in this language.
     *
     * @throws org.paradjoint.core.diag.UnsupportedException when a construct cannot be written in it
     */
    String printFile(List<Function> functions);

    /**
     * The file of derivatives {@code functions} of {@code unit}'s functions, {@code signatures} saying
     * which primal each one derives from: where a language prints a derivative after its primal's
     * declaration (C's struct parameters), else as {@link #printFile(List)}.
     */
    default String printFile(TranslationUnit unit, List<Function> functions, List<DerivativeSignature> signatures) {
        return printFile(functions);
    }

    /**
     * How partially separable gradients of this language's units are generated: C directly, other
     * languages lowered to C's conventions first, with what their callers need to reach the C;
     * empty where the language has no separable mode.
     */
    Optional<SeparableDifferentiator.Backend> separableBackend();

    /** How {@code paradjoint check} writes, builds and runs a test driver in this language; empty where it has none. */
    Optional<CheckToolchain> checkToolchain();

    /** How timing runs read, drive and compile kernels of this language; empty where they cannot time it. */
    Optional<TimingToolchain> timingToolchain();

    /**
     * {@code text} as a comment on a line of its own in this language, e.g. {@code /* text *}{@code /}
     * or {@code ! text}: how {@link GeneratedMarker} marks generated files.
     */
    String commentLine(String text);

    /** True when {@code fileName} is a source of this language (by its extension, case-insensitively). */
    default boolean reads(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        return extensions().stream().anyMatch(lower::endsWith);
    }
}
