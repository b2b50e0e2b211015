package org.paradjoint.core.inline;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;

/**
 * Removes {@code return} statements, so that a body can stand inside another or be reversed:
 * {@code return e;} becomes {@code result = e;} (dropped when {@code result} is null) and what
 * follows a branch that returns moves into the branches that do not. A return inside a loop is
 * an error.
 */
public final class ReturnLowering {

    private ReturnLowering() {
    }

    public static List<Stmt> lower(List<Stmt> stmts, LValue result) {
        List<Stmt> out = new ArrayList<>();
        for (int k = 0; k < stmts.size(); k++) {
            Stmt s = stmts.get(k);
            if (s instanceof Return r) {
                if (r.value() != null && result != null) {
                    out.add(new Assign(result, Assign.Op.SET, r.value(), false, List.of(), r.range()));
                }
                return out;
            }
            Stmt ret = returnIn(s);
            if (ret != null) {
                List<Stmt> rest = stmts.subList(k + 1, stmts.size());
                switch (s) {
                    case If i -> {
                        List<Stmt> then = lower(concat(i.then().stmts(), rest), result);
                        List<Stmt> otherwise = lower(
                                concat(i.otherwise() == null ? List.of() : i.otherwise().stmts(), rest), result);
                        out.add(new If(i.cond(), new Block(then), otherwise.isEmpty() ? null : new Block(otherwise),
                                i.range()));
                    }
                    case Block b -> out.addAll(lower(concat(b.stmts(), rest), result));
                    default -> throw new UnsupportedException("return-in-loop", ret.range());
                }
                return out;
            }
            out.add(s);
        }
        return out;
    }

    private static List<Stmt> concat(List<Stmt> a, List<Stmt> b) {
        List<Stmt> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static Stmt returnIn(Stmt s) {
        Stmt[] found = new Stmt[1];
        StmtUtil.forEach(s, x -> {
            if (x instanceof Return && found[0] == null) {
                found[0] = x;
            }
        });
        return found[0];
    }
}
