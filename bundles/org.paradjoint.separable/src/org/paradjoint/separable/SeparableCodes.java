package org.paradjoint.separable;

/**
 * Stable codes of the diagnostics of the separable transformation (tests, markers and
 * quick-fixes rely on them).
 */
public final class SeparableCodes {

    /** The function has no {@code partially_separable} pragma. */
    public static final String NO_PARTIALLY_SEPARABLE = "no-partially-separable";
    /** More than one {@code partially_separable} pragma in one function. */
    public static final String SEVERAL_PARTIALLY_SEPARABLE = "several-partially-separable";
    /** The pragma does not sit on a top-level assignment of the function. */
    public static final String COMBINE_POSITION = "combine-position";
    /** The combining assignment does not store into an element of a floating-point pointer parameter. */
    public static final String COMBINE_TARGET = "combine-target";
    /** The combining expression calls a function of the unit. */
    public static final String COMBINE_CALL = "combine-call";
    /** An elemental named by the pragma is not a variable of the function. */
    public static final String ELEMENTAL_NOT_FOUND = "elemental-not-found";
    /** An elemental is a parameter, an array or not a double. */
    public static final String ELEMENTAL_NOT_LOCAL_SCALAR = "elemental-not-local-scalar";
    /** An elemental has no initialisation marked {@code ad elemental}. */
    public static final String MISSING_ELEMENTAL_PRAGMA = "missing-elemental-pragma";
    /** {@code ad elemental} marks the initialisation of a variable the combining pragma does not list. */
    public static final String ELEMENTAL_NOT_LISTED = "elemental-not-listed";
    /** The initialisation of an elemental is inside a loop or branch, after the combination, or repeated. */
    public static final String ELEMENTAL_INIT_POSITION = "elemental-init-position";
    /** An update of an elemental is not {@code e = e + term} (or {@code +=}, {@code -=}). */
    public static final String ELEMENTAL_UPDATE_FORM = "elemental-update-form";
    /** An elemental is read or written outside its initialisation, updates and the combination. */
    public static final String ELEMENTAL_MISUSE = "elemental-misuse";
    /** A loop around an elemental update has bounds that are not fixed before the elementals are expanded. */
    public static final String ELEMENTAL_LOOP_BOUNDS = "elemental-loop-bounds";
    /** A loop around an elemental update has a step that is not a non-zero integer constant. */
    public static final String ELEMENTAL_LOOP_STEP = "elemental-loop-step";
    /** An elemental update inside an OpenMP parallel loop. */
    public static final String ELEMENTAL_IN_PARALLEL_LOOP = "elemental-in-parallel-loop";
    /** A value that depends on the independents is computed inside an OpenMP parallel loop. */
    public static final String ACTIVE_IN_PARALLEL_LOOP = "active-in-parallel-loop";
    /** A statement after the combination writes its target or uses an elemental. */
    public static final String AFTER_COMBINE = "after-combine";
    /** A {@code return} statement in the function. */
    public static final String RETURN_IN_FUNCTION = "return-in-function";
    /** No floating-point array parameter influences the elementals. */
    public static final String NO_ACTIVE_INPUT = "no-active-input";
    /** An independent (active input) is not a one-dimensional double array parameter. */
    public static final String INDEPENDENT_SHAPE = "independent-shape";
    /** An independent is written by the function. */
    public static final String INDEPENDENT_OVERWRITTEN = "independent-overwritten";
    /** An array other than the elementals carries values that depend on the independents. */
    public static final String ACTIVE_ARRAY = "active-array";
    /** The function to differentiate does not exist or returns a value. */
    public static final String NO_SUCH_FUNCTION = "no-such-function";
    public static final String RETURNS_VALUE = "unsupported-return-value";
    /** A unit of another language than C reached the C generator without being lowered to C's conventions. */
    public static final String NOT_LOWERED = "not-lowered";
    /** The sparsity pattern depends on array values: recomputed on every call (a warning). */
    public static final String PATTERN_NOT_CACHED = "pattern-not-cached";

    private SeparableCodes() {
    }
}
