package org.paradjoint.stencil.internal;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;

/**
 * An active output of the nest: {@code array[counter(levels[0])]...} is set ({@code overwritten})
 * or incremented by {@code value}, the right-hand side with the body's scalars substituted and
 * the calls of functions of the file inlined (a {@code -=} is an increment by the negated value).
 */
public record Output(Variable array, Variable adjoint, boolean overwritten, List<Integer> levels, Expr value,
        SourceRange range) {

    public Output {
        levels = List.copyOf(levels);
    }
}
