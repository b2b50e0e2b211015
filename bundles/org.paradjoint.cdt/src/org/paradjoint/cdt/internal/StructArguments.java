package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.paradjoint.cdt.internal.StructMembers.Slot;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.StructParameter.Member;
import org.paradjoint.core.ir.StructParameter.Passing;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A function's struct parameters passed on to a helper of the unit ({@code lap(g, u, i, j)}): the
 * argument {@code g} becomes the caller's flattened members that the callee's flattened parameter
 * stands for, in the callee's order ({@link StructMembers#layout}), so that inlining the call maps
 * each argument to its parameter. A member the callee takes by value gets the caller's value of
 * {@code g->m}; one it takes through its address, as a pointer or as an embedded array gets the
 * caller's flattened variable itself, so the callee reads and writes the caller's member.
 */
final class StructArguments {
    private final StructMembers unit;
    /** The function's flattened struct parameters, by name. */
    private final Map<String, StructParameter> parameters = new HashMap<>();

    StructArguments(StructMembers unit) {
        this.unit = unit;
    }

    void declare(StructParameter p) {
        parameters.put(p.name(), p);
    }

    /**
     * The arguments that {@code arg}, argument {@code index} of {@code call} to {@code callee},
     * stands for when it names one of the function's struct parameters (and no variable hides
     * it); null when it does not.
     */
    List<Expr> expand(IASTFunctionCallExpression call, String callee, int index, IASTInitializerClause arg,
            Scopes scopes, SourceRange range) {
        if (!(arg instanceof IASTExpression e && Exprs.stripParens(e) instanceof IASTIdExpression id)) {
            return null;
        }
        String name = id.getName().toString();
        StructParameter caller = parameters.get(name);
        if (caller == null || scopes.lookup(name).isPresent()) {
            return null;
        }
        List<Slot> slots = unit.layout(callee, index);
        if (slots == null) {
            // the caller's flattening refuses such a call first; kept for a call it did not see
            throw new UnsupportedException("unsupported-struct.parameter-use", range, "code",
                    SourceText.excerpt(call), "name", name);
        }
        List<Expr> args = new ArrayList<>();
        for (Slot slot : slots) {
            Variable v = memberOf(caller, slot.field().getName()).variable();
            boolean element = slot.passing() == Passing.VALUE && v.isArray();
            args.add(element ? new ArrayRef(v, List.of(new IntLit(0, range)), range) : new VarRef(v, range));
        }
        return args;
    }

    private static Member memberOf(StructParameter caller, String field) {
        return caller.members().stream().filter(m -> m.field().equals(field)).findFirst()
                .orElseThrow(() -> new IllegalStateException("member " + field + " of " + caller.name()
                        + " is used by a helper but was not flattened in its caller"));
    }
}
