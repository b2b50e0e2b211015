package org.paradjoint.core.print;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.Function;

/**
 * Prototypes of the functions generated code calls without defining them: the uninterpreted
 * functions of the primal and their user-supplied partials ({@code g_d1} ...). Without them a
 * C11 compiler rejects the calls as implicit declarations. Arguments are {@code double}, or
 * {@code int} where the call passes an integer; results are {@code double}. Functions the file
 * defines need none.
 */
final class Prototypes {

    private Prototypes() {
    }

    /** One prototype per line, by name ({@code g} before {@code g_d1}); empty when every call is an intrinsic. */
    static String of(List<Function> functions) {
        Map<String, String> protos = new TreeMap<>();
        Set<String> defined = functions.stream().map(Function::name).collect(Collectors.toSet());
        for (Function f : functions) {
            for (Call c : StmtUtil.calls(f.body())) {
                if (c.kind() != CalleeKind.USER || defined.contains(c.name())) {
                    continue;
                }
                String args = c.args().isEmpty() ? "void"
                        : c.args().stream().map(a -> ExprTypes.isFloating(a) ? "double" : "int")
                                .collect(Collectors.joining(", "));
                protos.putIfAbsent(c.name(), "double " + c.name() + "(" + args + ");");
            }
        }
        return protos.isEmpty() ? "" : String.join("\n", protos.values()) + "\n";
    }
}
