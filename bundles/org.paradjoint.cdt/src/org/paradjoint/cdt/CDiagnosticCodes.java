package org.paradjoint.cdt;

/**
 * Stable codes of the diagnostics the C front-end reports. Markers and quick-fixes key on
 * these strings; never rename one.
 */
public final class CDiagnosticCodes {
    /** CDT could not parse the text (problem statement, declaration or expression). */
    public static final String SYNTAX_ERROR = "syntax-error";
    /** {@code #error} or another preprocessor problem (missing headers are not one). */
    public static final String PREPROCESSOR_ERROR = "preprocessor-error";
    public static final String PREPROCESSOR_WARNING = "preprocessor-warning";

    public static final String GOTO = "unsupported-goto";
    public static final String LABEL = "unsupported-label";
    public static final String WHILE = "unsupported-while";
    public static final String DO_WHILE = "unsupported-do-while";
    public static final String SWITCH = "unsupported-switch";
    public static final String BREAK = "unsupported-break";
    public static final String CONTINUE = "unsupported-continue";
    public static final String ASM = "unsupported-asm";
    /** An expression statement that is neither an assignment, an increment nor a call. */
    public static final String STATEMENT = "unsupported-statement";
    /** A {@code for} header the IR cannot represent as counter/lower/cmp/bound/step. */
    public static final String FOR = "unsupported-for";

    public static final String POINTER_ARITHMETIC = "unsupported-pointer-arithmetic";
    public static final String POINTER_ASSIGNMENT = "unsupported-pointer-assignment";
    public static final String LOCAL_POINTER = "unsupported-local-pointer";
    public static final String POINTER_TO_POINTER = "unsupported-pointer-to-pointer";
    public static final String ADDRESS_OF = "unsupported-address-of";
    public static final String STRUCT = "unsupported-struct";
    public static final String FUNCTION_POINTER = "unsupported-function-pointer";
    public static final String STRING_LITERAL = "unsupported-string-literal";
    public static final String CHAR_LITERAL = "unsupported-char-literal";
    public static final String COMMA = "unsupported-comma";
    public static final String ASSIGNMENT_IN_EXPRESSION = "unsupported-assignment-in-expression";
    public static final String OPERATOR = "unsupported-operator";
    public static final String CAST = "unsupported-cast";
    public static final String EXPRESSION = "unsupported-expression";
    /** An array used as a value (not indexed, not passed to a call), or indexed with too few or too many subscripts. */
    public static final String ARRAY_VALUE = "unsupported-array-value";
    public static final String SUBSCRIPT = "unsupported-subscript";

    public static final String TYPE = "unsupported-type";
    public static final String LONG_DOUBLE = "unsupported-long-double";
    public static final String COMPLEX = "unsupported-complex";
    public static final String DECLARATION = "unsupported-declaration";
    public static final String STATIC_LOCAL = "unsupported-static-local";
    public static final String LOCAL_VLA = "unsupported-local-vla";
    public static final String INITIALIZER = "unsupported-initializer";
    /** Variadic or K&amp;R definitions, unnamed parameters, pointer results. */
    public static final String FUNCTION = "unsupported-function";
    public static final String GLOBAL = "unsupported-global";
    public static final String UNKNOWN_VARIABLE = "unknown-variable";

    public static final String UNKNOWN_PRAGMA = "unknown-pragma";
    public static final String MALFORMED_PRAGMA = "malformed-pragma";
    /** An annotation on a statement (or function) it cannot apply to. */
    public static final String MISPLACED_PRAGMA = "misplaced-pragma";
    /** An annotation with no statement after it in its block. */
    public static final String DANGLING_PRAGMA = "dangling-pragma";
    public static final String OMP = "unsupported-omp";
    public static final String OMP_CLAUSE = "unsupported-omp-clause";

    /** A bug in the front-end met this input; the message names the function. */
    public static final String INTERNAL_ERROR = "internal-error";

    private CDiagnosticCodes() {
    }
}
