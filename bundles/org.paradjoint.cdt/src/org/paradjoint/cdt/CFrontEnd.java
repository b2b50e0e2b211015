package org.paradjoint.cdt;

import java.util.List;
import java.util.Map;

import org.paradjoint.cdt.internal.UnitMapper;
import org.paradjoint.core.frontend.Preprocessor;

/**
 * The C front-end: parses {@code .c} and {@code .h} text with the CDT DOM parser as gcc
 * preprocesses it (no workspace, no index; {@code #include}s read from the file's folder, the
 * {@link Preprocessor}'s include folders and the system headers; macros expanded, typedefs
 * resolved) and maps it to the IR.
 * <p>
 * Every construct outside the IR is an error diagnostic of the problem catalogue
 * ({@link org.paradjoint.core.diag.Problems}) at the position of the construct. The returned unit holds the
 * functions that mapped without error (for outlines and navigation); when
 * {@link org.paradjoint.core.frontend.ParseResult#hasErrors()} is true no code may be generated from it.
 * <p>
 * Pointer parameters are assumed not to alias each other ({@code restrict} semantics), as C
 * users of AD tools expect; local pointer variables, which could alias silently, are errors, but
 * for one that only names an array (it is that array).
 */
public final class CFrontEnd extends CdtFrontEnd {

    public CFrontEnd() {
        this(Preprocessor.NONE);
    }

    /** {@code macros} are predefined in addition to {@code _OPENMP} and the {@code M_*} math constants. */
    public CFrontEnd(Map<String, String> macros) {
        this(new Preprocessor(List.of(), macros));
    }

    /** The user's include folders ({@code -I}) and macros ({@code -D}). */
    public CFrontEnd(Preprocessor preprocessor) {
        super(new UnitMapper(preprocessor));
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".c") || fileName.endsWith(".h");
    }
}
