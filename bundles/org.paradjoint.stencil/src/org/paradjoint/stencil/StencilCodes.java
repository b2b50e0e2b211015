package org.paradjoint.stencil;

/**
 * Stable codes of the diagnostics of the adjoint-stencil transformation. Tests, markers and
 * quick-fixes rely on them; messages may change, codes do not.
 */
public final class StencilCodes {

    /** The function has no {@code ad stencil adjoint} pragma. */
    public static final String NO_PRAGMA = "stencil-no-pragma";
    /** The function holds more than the annotated loop nest (other active statements, another pragma). */
    public static final String MIXED_CODE = "stencil-mixed-code";
    /** Statements between the loops of the nest, control flow or calls as statements in its body. */
    public static final String NOT_PERFECT = "stencil-not-perfect";
    /** A loop whose step is not +1 or -1. */
    public static final String LOOP_STEP = "stencil-loop-step";
    /** A loop condition other than {@code <, <=} (counting up) or {@code >, >=} (counting down). */
    public static final String LOOP_CONDITION = "stencil-loop-condition";
    /** A loop bound that is not affine in loop-invariant integer variables (or depends on a counter). */
    public static final String NONAFFINE_BOUND = "stencil-nonaffine-bound";
    /** An array both read and written by the nest (other than the implicit read of a {@code +=} output). */
    public static final String READ_AND_WRITTEN = "stencil-read-and-written";
    /** An active read whose index is not a loop counter plus a constant ({@code u[2*i]}, {@code u[i+m]}). */
    public static final String OFFSET = "stencil-offset";
    /** An active array read with a missing or repeated counter, or with counters in different orders. */
    public static final String INDEX_ORDER = "stencil-index-order";
    /** An output not indexed by distinct loop counters (all of them for {@code =}). */
    public static final String OUTPUT_INDEX = "stencil-output-index";
    /** An output written by more than one statement of the body. */
    public static final String OUTPUT_TWICE = "stencil-output-twice";
    /** An assignment operator other than {@code =}, {@code +=}, {@code -=} on an output. */
    public static final String OUTPUT_OPERATOR = "stencil-output-operator";
    /** A written array that depends on the active inputs but has no adjoint in the pragma. */
    public static final String UNMAPPED_ACTIVE = "stencil-unmapped-active";
    /** An output of the pragma that depends on none of its inputs. */
    public static final String NOT_VARIED = "stencil-not-varied";
    /** A mapping of the pragma that names no array parameter, names one twice, or gives a clashing name. */
    public static final String MAPPING = "stencil-mapping";
    /** The pragma's {@code strategy(...)} names no strategy. */
    public static final String STRATEGY = "stencil-strategy";
    /** A scalar of the body read before the body assigns it (a value carried between iterations). */
    public static final String CARRIED_SCALAR = "stencil-carried-scalar";
    /** A call of a function of the file that cannot be inlined into an expression. */
    public static final String CALLEE = "stencil-callee";
    /** A call with the wrong number of arguments. */
    public static final String CALL_ARITY = "stencil-call-arity";
    /** Warning: a call of a function the file does not define; the adjoint calls user-supplied partials. */
    public static final String UNINTERPRETED_CALL = "stencil-uninterpreted-call";
    /** An OpenMP clause the stencil adjoint cannot carry over (a reduction, nested parallel loops). */
    public static final String OPENMP = "stencil-openmp";
    /** The generated code broke its own invariant (a write not at the loop counters); a bug, never user error. */
    public static final String INTERNAL = "stencil-internal";

    private StencilCodes() {
    }
}
