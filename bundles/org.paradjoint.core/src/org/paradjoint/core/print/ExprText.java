package org.paradjoint.core.print;

import java.util.List;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;

/**
 * Expressions for the race analysis's messages: {@link MessageSpelling#ARRAYS_BY_LAYOUT}, i.e.
 * C's operators with each array element in its source language's form, C's {@code xb[c[i] + 7]}
 * or Fortran's {@code xb(c(i) + 7)} (known from the array's layout). Messages that know the
 * unit's language spell the whole expression in it with {@link MessageSpelling#of}.
 */
public final class ExprText {

    private ExprText() {
    }

    public static String of(Expr e) {
        return MessageSpelling.ARRAYS_BY_LAYOUT.expr(e);
    }

    /** {@code ref} with its array renamed, e.g. the adjoint {@code xb[c[i] + 7]} of {@code x[c[i] + 7]}. */
    public static String renamed(ArrayRef ref, String arrayName) {
        return MessageSpelling.ARRAYS_BY_LAYOUT.renamed(ref, arrayName);
    }

    /** True when elements of {@code array} are written {@code a(i, j)}: a Fortran array or a Kokkos View. */
    public static boolean parenthesised(org.paradjoint.core.ir.Variable array) {
        return MessageSpelling.parenthesised(array);
    }

    /** {@code a[i][j]}, or {@code a(i, j)} for a Fortran (column-major) array. */
    public static String element(String array, List<String> subscripts, boolean fortran) {
        return MessageSpelling.element(array, subscripts, fortran);
    }
}
