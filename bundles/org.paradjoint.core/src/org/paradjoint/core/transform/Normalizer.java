package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Puts an (inlined) function into the shape the transformations expect: no {@code return}
 * (early returns become branches), no nested plain blocks, and declarations only at two
 * places: the function's locals, or the top of a parallel loop body (where they are private to
 * the iteration). A declaration with an initialiser becomes an assignment where it stood.
 */
final class Normalizer {

    private Normalizer() {
    }

    static Function normalize(Function f) {
        List<Stmt> stmts = lowerReturns(f.body().stmts(), null);
        List<Variable> locals = new ArrayList<>(f.locals());
        List<Stmt> body = sequential(stmts, locals);
        return new Function(f.name(), f.returnType(), f.params(), locals, new Block(body, f.body().range()),
                f.pragmas(), f.isStatic(), f.comment(), f.range());
    }

    private static List<Stmt> sequential(List<Stmt> stmts, List<Variable> locals) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Decl d -> {
                    if (!locals.contains(d.var())) {
                        locals.add(d.var());
                    }
                    if (d.init() != null) {
                        out.add(new Assign(new VarRef(d.var()), Assign.Op.SET, d.init(), false, List.of(), d.range()));
                    }
                }
                case Block b -> out.addAll(sequential(b.stmts(), locals));
                case If i -> out.add(new If(i.cond(), new Block(sequential(i.then().stmts(), locals)),
                        i.otherwise() == null ? null : new Block(sequential(i.otherwise().stmts(), locals)),
                        i.range()));
                case For f when f.isParallel() -> out.add(parallel(f));
                case For f -> out.add(f.withBody(new Block(sequential(f.body().stmts(), locals), f.body().range())));
                default -> out.add(s);
            }
        }
        return out;
    }

    /** The parallel loop with the declarations of its (innermost collapsed) body at the top of that body. */
    private static For parallel(For f) {
        return (For) collapsed(f, Math.max(1, f.omp().collapse()));
    }

    private static Stmt collapsed(For f, int levels) {
        if (levels > 1 && f.body().stmts().size() == 1 && f.body().stmts().get(0) instanceof For inner) {
            return f.withBody(Block.of(collapsed(inner, levels - 1)));
        }
        Set<Variable> declared = new LinkedHashSet<>();
        List<Stmt> rest = inParallel(f.body().stmts(), declared);
        List<Stmt> body = new ArrayList<>();
        for (Variable v : declared) {
            body.add(new Decl(v, null));
        }
        body.addAll(rest);
        return f.withBody(new Block(body, f.body().range()));
    }

    private static List<Stmt> inParallel(List<Stmt> stmts, Set<Variable> declared) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Decl d -> {
                    declared.add(d.var());
                    if (d.init() != null) {
                        out.add(new Assign(new VarRef(d.var()), Assign.Op.SET, d.init(), false, List.of(), d.range()));
                    }
                }
                case Block b -> out.addAll(inParallel(b.stmts(), declared));
                case If i -> out.add(new If(i.cond(), new Block(inParallel(i.then().stmts(), declared)),
                        i.otherwise() == null ? null : new Block(inParallel(i.otherwise().stmts(), declared)),
                        i.range()));
                case For f -> out.add(f.withBody(new Block(inParallel(f.body().stmts(), declared), f.body().range())));
                default -> out.add(s);
            }
        }
        return out;
    }

    /**
     * Removes {@code return} statements: {@code return e;} becomes {@code result = e;} (dropped
     * when {@code result} is null) and what follows a branch that returns is moved into the
     * branches that do not. A return inside a loop is an error.
     */
    static List<Stmt> lowerReturns(List<Stmt> stmts, LValue result) {
        List<Stmt> out = new ArrayList<>();
        for (int k = 0; k < stmts.size(); k++) {
            Stmt s = stmts.get(k);
            if (s instanceof Return r) {
                if (r.value() != null && result != null) {
                    out.add(new Assign(result, Assign.Op.SET, r.value(), false, List.of(), r.range()));
                }
                return out;
            }
            if (containsReturn(s)) {
                List<Stmt> rest = stmts.subList(k + 1, stmts.size());
                switch (s) {
                    case If i -> {
                        List<Stmt> then = lowerReturns(concat(i.then().stmts(), rest), result);
                        List<Stmt> otherwise = lowerReturns(
                                concat(i.otherwise() == null ? List.of() : i.otherwise().stmts(), rest), result);
                        out.add(new If(i.cond(), new Block(then), otherwise.isEmpty() ? null : new Block(otherwise),
                                i.range()));
                    }
                    case Block b -> out.addAll(lowerReturns(concat(b.stmts(), rest), result));
                    default -> throw new UnsupportedException("return-in-loop", returnIn(s).range(),
                            "return inside a loop is not supported: set a flag and leave the loop normally");
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

    private static boolean containsReturn(Stmt s) {
        return returnIn(s) != null;
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
