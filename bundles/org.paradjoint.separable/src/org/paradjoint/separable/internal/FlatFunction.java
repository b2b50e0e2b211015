package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.inline.CallInliner;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The skeleton as the derivative sweeps see it: the calls of unit functions inlined by the
 * core's {@link CallInliner} (so that a function the reverse mode accepts is accepted here),
 * then flattened: nested blocks spliced in and every declaration, parallel loop bodies included,
 * hoisted to the function's locals (an initialiser becomes an assignment where it stood; the
 * sweeps give each iteration its own copies). Statement calls of the skeleton's markers
 * ({@link Skeleton#MARKER}) and calls of the support file's helpers (external calls) are kept as they are.
 */
public final class FlatFunction {

    private FlatFunction() {
    }

    /** The function with every unit call inlined, flattened, its declarations among the locals. */
    public static Function of(TranslationUnit unit, Function f, NameSupply names) {
        Function inlined = CallInliner.of(unit, names::fresh)
                .keeping(name -> name.startsWith(Skeleton.MARKER))
                .declaring(CallInliner.Declarations.AS_LOCALS)
                .inline(f);
        List<Variable> locals = new ArrayList<>(inlined.locals());
        List<Stmt> body = flatten(inlined.body().stmts(), locals);
        return f.withLocalsAndBody(locals, new Block(body, f.body().range()));
    }

    /** Splices nested blocks and turns declarations into {@code locals} plus an assignment of the initialiser. */
    private static List<Stmt> flatten(List<Stmt> stmts, List<Variable> locals) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Block b -> out.addAll(flatten(b.stmts(), locals));
                case Decl d -> {
                    if (!locals.contains(d.var())) {
                        locals.add(d.var());
                    }
                    if (d.init() != null) {
                        out.add(new Assign(new VarRef(d.var()), Assign.Op.SET, d.init(), false, List.of(),
                                d.range()));
                    }
                }
                case If i -> out.add(new If(i.cond(), new Block(flatten(i.then().stmts(), locals)),
                        i.otherwise() == null ? null : new Block(flatten(i.otherwise().stmts(), locals)), i.range()));
                case For f -> out.add(f.withBody(new Block(flatten(f.body().stmts(), locals), f.body().range())));
                case Return r -> throw new UnsupportedException("return-in-loop", r.range());
                default -> out.add(s);
            }
        }
        return out;
    }
}
