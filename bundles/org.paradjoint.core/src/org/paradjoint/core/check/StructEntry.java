package org.paradjoint.core.check;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.StructParameter.Member;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/**
 * A driver's entry point into a primal that takes structs (check, timing): the driver holds
 * every member as an array or scalar of its own (the flattened parameters), so the entry point,
 * compiled with the user's file, builds each struct from them (the members the function does not
 * use zero), calls the user's function with the structs' addresses and copies the scalar and
 * embedded-array members back, which the function may have changed (not those of a const struct).
 */
public final class StructEntry {

    private StructEntry() {
    }

    /**
     * The definition of {@code name}, an external function with the flattened parameters of
     * {@code primal} that calls {@code primal} with structs built from them; it must be compiled
     * where {@code primal} and its struct types are declared (with the user's file).
     */
    public static String function(Function primal, String name) {
        Function entry = new Function(name, primal.returnType(), primal.params(), List.of(), primal.body(), List.of(),
                false, null, primal.range());
        String head = CPrinter.prototype(entry);
        return head.substring(0, head.length() - 1) + "\n{\n" + body(primal) + "}\n";
    }

    private static String body(Function primal) {
        StringBuilder sb = new StringBuilder();
        for (StructParameter sp : primal.structs()) {
            String local = local(sp);
            sb.append("    ").append(sp.typeText()).append(' ').append(local).append(";\n");
            sb.append("    __builtin_memset(&").append(local).append(", 0, sizeof ").append(local).append(");\n");
            for (Member m : sp.members()) {
                String field = local + "." + m.field();
                String flat = m.variable().name();
                sb.append("    ").append(switch (m.passing()) {
                    case VALUE, POINTER -> field + " = " + flat + ";";
                    case ADDRESS -> field + " = " + flat + "[0];";
                    case EMBEDDED -> "__builtin_memcpy(" + field + ", " + flat + ", sizeof " + field + ");";
                }).append('\n');
            }
        }
        List<String> args = new ArrayList<>();
        List<Variable> params = primal.params();
        for (int k = 0; k <= params.size(); k++) {
            for (StructParameter sp : primal.structs()) {
                if (sp.position() == k) {
                    args.add("&" + local(sp));
                }
            }
            if (k < params.size() && owner(primal, params.get(k)) == null) {
                args.add(params.get(k).name());
            }
        }
        String call = primal.name() + "(" + String.join(", ", args) + ")";
        boolean returns = primal.returnType() != null;
        if (returns) {
            sb.append("    ").append(primal.returnType().cName()).append(" pa_result = ").append(call).append(";\n");
        } else {
            sb.append("    ").append(call).append(";\n");
        }
        for (StructParameter sp : primal.structs()) {
            for (Member m : sp.members()) {
                if (sp.isConst() || m.variable().isConst()) {
                    continue; // a const struct's members cannot have changed, and their copies are const
                }
                String field = local(sp) + "." + m.field();
                String flat = m.variable().name();
                if (m.passing() == StructParameter.Passing.ADDRESS) {
                    sb.append("    ").append(flat).append("[0] = ").append(field).append(";\n");
                } else if (m.passing() == StructParameter.Passing.EMBEDDED) {
                    sb.append("    __builtin_memcpy(").append(flat).append(", ").append(field).append(", sizeof ")
                            .append(field).append(");\n");
                }
            }
        }
        if (returns) {
            sb.append("    return pa_result;\n");
        }
        return sb.toString();
    }

    private static String local(StructParameter sp) {
        return "pa_struct_" + sp.name();
    }

    private static StructParameter owner(Function primal, Variable p) {
        return primal.structs().stream().filter(sp -> sp.memberOf(p).isPresent()).findFirst().orElse(null);
    }
}
