package org.paradjoint.cdt;

import java.util.Map;
import java.util.Set;

import org.paradjoint.cdt.internal.UnitMapper;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.ParseResult;

/**
 * The C front-end: parses {@code .c} and {@code .h} text with the CDT DOM parser (no workspace,
 * no index, {@code #include}s read as empty) and maps it to the IR.
 * <p>
 * Every construct outside the IR is an error diagnostic of the problem catalogue
 * ({@link org.paradjoint.core.diag.Problems}) at the position of the construct. The returned unit holds the
 * functions that mapped without error (for outlines and navigation); when
 * {@link ParseResult#hasErrors()} is true no code may be generated from it.
 * <p>
 * Pointer parameters are assumed not to alias each other ({@code restrict} semantics), as C
 * users of AD tools expect; local pointer variables, which could alias silently, are errors.
 */
public final class CFrontEnd implements FrontEnd {
    private final UnitMapper mapper;

    public CFrontEnd() {
        this(Map.of());
    }

    /** {@code macros} are predefined in addition to {@code _OPENMP} and the {@code M_*} math constants. */
    public CFrontEnd(Map<String, String> macros) {
        this.mapper = new UnitMapper(macros);
    }

    @Override
    public boolean accepts(String fileName) {
        return fileName.endsWith(".c") || fileName.endsWith(".h");
    }

    @Override
    public ParseResult parse(String fileName, String text) {
        return mapper.map(fileName, text);
    }

    /**
     * Maps the annotated functions, those in {@code named} and the functions of the file they
     * call; the parse, and so the syntax errors of the whole file, is the same as {@link #parse}'s.
     * On a large file most functions are neither, and mapping them was most of the time spent.
     */
    @Override
    public ParseResult parseFor(String fileName, String text, Set<String> named) {
        return mapper.mapFor(fileName, text, named);
    }
}
