package org.paradjoint.core.print;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.StructParameter.Member;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;

/**
 * A C file of derivatives whose primals take structs ({@link StructParameter}). The engine
 * differentiates the flattened function; here it becomes {@code f_b_members} (members as
 * parameters, external so that drivers holding the members apart can call it) and {@code f_b} takes the user's struct and its derivative struct of
 * the same type, passing each member on: {@code f_b(grid_t *g, grid_t *gb, int n)} calls
 * {@code f_b_members(&g->s, &gb->s, g->u, gb->u, n)}. The derivative of member {@code g->u}
 * is member {@code u} of {@code gb}: Enzyme's shadow of the same layout, so that a caller
 * allocates the derivative struct as it allocates the struct. The file defines each struct
 * (spelled by the front-end) instead of including the user's headers.
 */
public final class CStructWrappers {

    private CStructWrappers() {
    }

    /** The file of {@code functions}, {@code signatures} giving each one's primal in {@code unit}. */
    public static String printFile(TranslationUnit unit, List<Function> functions, List<DerivativeSignature> signatures) {
        List<Function> printed = new ArrayList<>();
        Set<String> definitions = new LinkedHashSet<>();
        StringBuilder wrappers = new StringBuilder();
        for (int k = 0; k < functions.size(); k++) {
            Function f = functions.get(k);
            DerivativeSignature s = k < signatures.size() ? signatures.get(k) : null;
            Optional<Function> primal = s == null || !f.name().equals(s.derivedName()) ? Optional.empty()
                    : unit.function(s.primalName());
            if (primal.isEmpty() || primal.get().structs().isEmpty()) {
                printed.add(f);
                continue;
            }
            List<StructParameter> structs = primal.get().structs();
            structs.forEach(sp -> definitions.add(sp.definition()));
            String flat = StructParameter.flattenedName(f.name());
            printed.add(f.withName(flat, "The members of " + describe(structs) + " as parameters; called by "
                    + f.name() + "."));
            if (!wrappers.isEmpty()) {
                wrappers.append('\n');
            }
            wrappers.append(wrapper(f, flat, s, structs));
        }
        return CPrinter.printFile(printed, null, String.join("", definitions), wrappers.toString());
    }

    private static String describe(List<StructParameter> structs) {
        StringJoiner j = new StringJoiner(", ");
        structs.forEach(sp -> j.add(sp.name()));
        return j.toString();
    }

    /** A struct parameter, or its derivative struct, in the wrapper's parameter list. */
    private record Pointer(StructParameter struct, boolean derivative) {
    }

    /**
     * The names of the derivative structs in {@code f}'s wrapper: {@code gb} for {@code g} in reverse
     * mode, {@code gd} in tangent mode (the suffix of the derivative's name), unless a parameter
     * already has that name.
     */
    private static Map<StructParameter, String> derivativeNames(Function f, DerivativeSignature s,
            List<StructParameter> structs) {
        Set<String> names = new HashSet<>();
        f.params().forEach(p -> names.add(p.name()));
        structs.forEach(sp -> names.add(sp.name()));
        // the suffix the derivative's name has (f_b: b, or the one the user chose), as derivative variables have it
        String prefix = s.primalName() + "_";
        String suffix = s.derivedName().startsWith(prefix) ? s.derivedName().substring(prefix.length())
                : s.mode() == Mode.TANGENT ? "d" : "b";
        Map<StructParameter, String> out = new java.util.HashMap<>();
        for (StructParameter sp : structs) {
            String name = sp.name() + suffix;
            for (int k = 1; names.contains(name); k++) {
                name = sp.name() + suffix + "_" + k;
            }
            names.add(name);
            out.put(sp, name);
        }
        return out;
    }

    private static String wrapper(Function f, String flat, DerivativeSignature s, List<StructParameter> structs) {
        Map<StructParameter, String> derivativeNames = derivativeNames(f, s, structs);
        List<String> params = new ArrayList<>();
        Set<Pointer> declared = new HashSet<>();
        StringJoiner args = new StringJoiner(", ");
        List<String> unused = new ArrayList<>();
        List<Variable> derivedParams = f.params();
        for (int i = 0; i <= derivedParams.size(); i++) {
            for (StructParameter sp : structs) {
                if (sp.members().isEmpty() && derivedIndex(s, derivedParams, sp.position()) == i) {
                    // the function uses no member: the struct stays an argument, unused
                    params.add((sp.isConst() ? "const " : "") + sp.typeText() + " *" + sp.name());
                    unused.add(sp.name());
                }
            }
            if (i == derivedParams.size()) {
                break;
            }
            Variable p = derivedParams.get(i);
            Pointer owner = null;
            Member member = null;
            for (StructParameter sp : structs) {
                Optional<Member> m = sp.memberOf(p);
                if (m.isPresent()) {
                    owner = new Pointer(sp, false);
                    member = m.get();
                }
                Optional<Member> d = derivativeOf(s, sp, p);
                if (d.isPresent()) {
                    owner = new Pointer(sp, true);
                    member = d.get();
                }
            }
            if (owner == null) {
                params.add(CDeclarations.declarator(p));
                args.add(p.name());
                continue;
            }
            String pointer = owner.derivative() ? derivativeNames.get(owner.struct()) : owner.struct().name();
            if (declared.add(owner)) {
                boolean isConst = owner.struct().isConst() && !owner.derivative();
                params.add((isConst ? "const " : "") + owner.struct().typeText() + " *" + pointer);
            }
            args.add(StructParameter.argument(pointer, member));
        }
        StringBuilder sb = new StringBuilder();
        if (f.comment() != null && !f.comment().isBlank()) {
            sb.append(CPrinter.comment(spell(f.comment(), f, s, structs)));
        }
        String head = (f.returnType() == null ? "void" : f.returnType().cName()) + " " + f.name() + "(";
        sb.append(CDeclarations.signature(head, params)).append("\n{\n");
        unused.forEach(u -> sb.append("    (void) ").append(u).append(";\n"));
        sb.append("    ").append(f.returnType() == null ? "" : "return ").append(flat).append('(').append(args)
                .append(");\n}\n");
        return sb.toString();
    }

    /**
     * The index among the derivative's parameters of the primal's parameter {@code primalIndex}
     * (the end when it is past the last one).
     */
    private static int derivedIndex(DerivativeSignature s, List<Variable> derivedParams, int primalIndex) {
        if (primalIndex >= s.params().size()) {
            return derivedParams.size();
        }
        int at = derivedParams.indexOf(s.params().get(primalIndex).primal());
        return at < 0 ? derivedParams.size() : at;
    }

    /**
     * {@code text} (a comment, a diagnostic's argument) about derivative {@code f} of a function
     * taking {@code structs}, with each member's flattened name spelled as the user does:
     * {@code g->u} for {@code g_u}, {@code gb->u} for its adjoint {@code g_ub}.
     */
    public static String spell(String text, Function f, DerivativeSignature s, List<StructParameter> structs) {
        Map<StructParameter, String> derivativeNames = derivativeNames(f, s, structs);
        Map<String, String> spellings = new LinkedHashMap<>();
        for (DerivativeSignature.Param p : s.params()) {
            for (StructParameter sp : structs) {
                Optional<Member> m = sp.memberOf(p.primal());
                if (m.isPresent()) {
                    spellings.put(p.primal().name(), sp.name() + "->" + m.get().field());
                    if (p.derivative() != null) {
                        spellings.put(p.derivative().name(), derivativeNames.get(sp) + "->" + m.get().field());
                    }
                }
            }
        }
        return StructParameter.respell(text, spellings);
    }

    /** The member of {@code sp} whose derivative is parameter {@code p} of the derivative, if any. */
    private static Optional<Member> derivativeOf(DerivativeSignature s, StructParameter sp, Variable p) {
        for (DerivativeSignature.Param param : s.params()) {
            if (p.equals(param.derivative())) {
                return sp.memberOf(param.primal());
            }
        }
        return Optional.empty();
    }
}
