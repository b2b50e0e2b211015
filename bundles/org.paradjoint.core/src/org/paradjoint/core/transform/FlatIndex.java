package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A flattened two-dimensional index {@code row * stride + column}, as C codes write a grid held
 * in one block ({@code u[i * (nc + 2) + j]}, usually through a macro): {@code row} is a loop
 * counter plus a constant, {@code column} another counter plus a constant and {@code stride}
 * reads no counter. Seen as the pair {@code (row, column)}, such accesses can be gathered like
 * those of a two-dimensional array ({@link GatherIncrements}), provided distinct pairs are
 * distinct elements, which holds where every column lies in {@code [0, stride - 1]}: the caller
 * proves that from the loop bounds.
 */
record FlatIndex(Expr stride, Expr row, Variable columnCounter, long columnOffset) {

    /** The pair as indices of a two-dimensional array. */
    List<Expr> indices() {
        return List.of(row, ExprUtil.simplify(Exprs.add(new VarRef(columnCounter), Exprs.integer(columnOffset))));
    }

    /** The flattened index of {@code indices} (a row and a column). */
    static Expr linear(List<Expr> indices, Expr stride) {
        return Exprs.add(Exprs.mul(indices.get(0), stride), indices.get(1));
    }

    /** The decomposition of {@code index} over {@code counters}, or null when it has not that form. */
    static FlatIndex of(Expr index, Set<Variable> counters) {
        List<Expr> plus = new ArrayList<>();
        List<Expr> minus = new ArrayList<>();
        terms(index, true, plus, minus);
        Binary product = null;
        Variable column = null;
        long constant = 0;
        for (Expr e : minus) {
            if (!(e instanceof IntLit c)) {
                return null;
            }
            constant -= c.value();
        }
        for (Expr e : plus) {
            if (e instanceof IntLit c) {
                constant += c.value();
            } else if (e instanceof VarRef v && counters.contains(v.var()) && column == null) {
                column = v.var();
            } else if (e instanceof Binary b && b.op() == Binary.Op.MUL && product == null) {
                product = b;
            } else {
                return null;
            }
        }
        if (product == null || column == null) {
            return null;
        }
        for (Expr[] rowStride : List.of(new Expr[] {product.left(), product.right()},
                new Expr[] {product.right(), product.left()})) {
            Variable row = counterOf(rowStride[0], counters);
            if (row != null && !row.equals(column)
                    && ExprUtil.variables(rowStride[1]).stream().noneMatch(counters::contains)) {
                return new FlatIndex(rowStride[1], rowStride[0], column, constant);
            }
        }
        return null;
    }

    /** The counter of {@code e} when it is a counter plus or minus a constant. */
    private static Variable counterOf(Expr e, Set<Variable> counters) {
        if (e instanceof VarRef v && counters.contains(v.var())) {
            return v.var();
        }
        if (e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)
                && b.left() instanceof VarRef v && counters.contains(v.var()) && b.right() instanceof IntLit) {
            return v.var();
        }
        return null;
    }

    /** The additive terms of {@code e}, split by sign. */
    private static void terms(Expr e, boolean positive, List<Expr> plus, List<Expr> minus) {
        if (e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            terms(b.left(), positive, plus, minus);
            terms(b.right(), b.op() == Binary.Op.ADD ? positive : !positive, plus, minus);
        } else {
            (positive ? plus : minus).add(e);
        }
    }
}
