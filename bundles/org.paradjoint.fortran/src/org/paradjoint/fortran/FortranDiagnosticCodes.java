package org.paradjoint.fortran;

/**
 * Stable codes of the diagnostics the Fortran front-end reports. Markers, quick-fixes and tests
 * key on these strings; never rename one. Codes shared with the C front-end (for example
 * {@code unsupported-goto}) have the same spelling.
 */
public final class FortranDiagnosticCodes {
    /** Text that is not Fortran as the front-end reads it (the message says what was expected). */
    public static final String SYNTAX_ERROR = "syntax-error";
    /** An {@code &} that does not end a line's code, or a file that ends inside a continuation. */
    public static final String CONTINUATION = "malformed-continuation";
    /** An {@code end ...} that closes something other than the open construct or unit. */
    public static final String END_MISMATCH = "mismatched-end";
    /** A construct or program unit without its {@code end}. */
    public static final String MISSING_END = "missing-end";

    public static final String GOTO = "unsupported-goto";
    public static final String LABEL = "unsupported-label";
    public static final String ARITHMETIC_IF = "unsupported-arithmetic-if";
    public static final String DO_WHILE = "unsupported-do-while";
    /** {@code do} without loop control, or a labelled {@code do 10 i = ...}. */
    public static final String DO = "unsupported-do";
    /** A {@code do} step that is not a non-zero integer constant. */
    public static final String DO_STEP = "unsupported-do-step";
    /** A {@code do} variable that is not an integer scalar, or that the body assigns. */
    public static final String DO_COUNTER = "unsupported-do-counter";
    /** A variable of the {@code do} bounds that the body assigns (Fortran fixes the trip count at entry). */
    public static final String DO_BOUND_MODIFIED = "do-bound-modified";
    public static final String EXIT = "unsupported-exit";
    public static final String CYCLE = "unsupported-cycle";
    public static final String STOP = "unsupported-stop";
    public static final String IO = "unsupported-io";
    public static final String SELECT = "unsupported-select";
    public static final String WHERE = "unsupported-where";
    public static final String ALLOCATE = "unsupported-allocate";
    public static final String POINTER = "unsupported-pointer";
    /** Any other executable statement the IR has no counterpart for. */
    public static final String STATEMENT = "unsupported-statement";

    /** Whole-array or section assignment ({@code a = 0.0}, {@code a(1:n) = b(1:n)}). */
    public static final String ARRAY_ASSIGNMENT = "unsupported-array-assignment";
    public static final String ARRAY_SECTION = "unsupported-array-section";
    /** A whole array used as a value outside the argument list of a call. */
    public static final String ARRAY_VALUE = "unsupported-array-value";
    /** An array reference with a number of subscripts other than the rank, or a scalar subscripted. */
    public static final String SUBSCRIPT = "unsupported-subscript";

    public static final String COMMON = "unsupported-common";
    public static final String EQUIVALENCE = "unsupported-equivalence";
    public static final String DATA = "unsupported-data";
    /** {@code save}, or an initialiser on a local (which implies {@code save}). */
    public static final String SAVE = "unsupported-save";
    public static final String IMPLICIT = "unsupported-implicit";
    /** A name that is neither declared nor a known procedure (implicit typing is not supported). */
    public static final String UNDECLARED = "undeclared-variable";
    /** A name in an {@code !$ad} annotation that is no variable of the procedure (as C's {@code unknown-variable}). */
    public static final String UNKNOWN_VARIABLE = "unknown-variable";
    public static final String TYPE = "unsupported-type";
    public static final String ATTRIBUTE = "unsupported-attribute";
    /** Any other specification statement the front-end does not map. */
    public static final String DECLARATION = "unsupported-declaration";
    public static final String DUPLICATE = "duplicate-declaration";
    /** An assignment to an {@code intent(in)} dummy argument. */
    public static final String INTENT_IN_ASSIGNED = "intent-in-assigned";
    public static final String MODULE_VARIABLE = "unsupported-module-variable";
    public static final String USE = "unsupported-use";
    public static final String INTERNAL_PROCEDURE = "unsupported-internal-procedure";
    /** {@code block data}, {@code submodule}, {@code interface} and other units that are not mapped. */
    public static final String PROGRAM_UNIT = "unsupported-program-unit";
    /** A main program is not differentiated; it is skipped (warning). */
    public static final String PROGRAM_SKIPPED = "program-skipped";
    /** {@code elemental}, {@code recursive} or otherwise unsupported procedures. */
    public static final String FUNCTION = "unsupported-function";

    public static final String INTRINSIC = "unsupported-intrinsic";
    public static final String UNKNOWN_FUNCTION = "unknown-function";
    /** A call whose arguments the inliner cannot map faithfully (by-reference scalar outputs, array shapes). */
    public static final String CALL = "unsupported-call";
    public static final String CALL_ARITY = "call-arity";
    public static final String INTEGER_POWER = "unsupported-integer-power";
    public static final String OPERATOR = "unsupported-operator";
    /** Character, complex and BOZ literals. */
    public static final String LITERAL = "unsupported-literal";
    /** A default-kind real literal whose single-precision value differs from its decimal text (warning). */
    public static final String SINGLE_PRECISION_LITERAL = "single-precision-literal";

    public static final String UNKNOWN_PRAGMA = "unknown-pragma";
    public static final String MALFORMED_PRAGMA = "malformed-pragma";
    public static final String MISPLACED_PRAGMA = "misplaced-pragma";
    public static final String DANGLING_PRAGMA = "dangling-pragma";
    public static final String OMP = "unsupported-omp";
    public static final String OMP_CLAUSE = "unsupported-omp-clause";

    /** A bug in the front-end met this input; the message names the unit. */
    public static final String INTERNAL_ERROR = "internal-error";

    private FortranDiagnosticCodes() {
    }
}
