package org.paradjoint.core.ir;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.paradjoint.core.diag.SourceRange;

/**
 * A C parameter that points to a struct ({@code grid_t *g}), as the front-end flattened it: every
 * member the function uses ({@code g->u}, {@code g->s}, {@code g->n}) is a parameter of its own
 * in {@link Function#params()} ({@code g_u}, {@code g_s}, {@code g_n}), at the place of {@code g}
 * and in the order the struct declares them. The engine then differentiates plain arrays and
 * scalars; the printer of a derivative file turns the flattened derivative back into a function
 * of the user's struct and its derivative struct of the same type (same layout), and the check
 * driver builds the struct around the flattened primal's arguments.
 * <p>
 * {@code position} is where the struct stands among the flattened parameters: the index in
 * {@code params} of its first member, or of the parameter after it when the function uses no
 * member (the struct is still an argument, unused).
 * <p>
 * {@code typeText} is how C names the type ({@code grid_t} or {@code struct grid});
 * {@code definition} a complete C definition of it with every member (used or not) in the
 * user's order and types, so that a generated file lays the struct out as the user's code does
 * without including the user's headers.
 */
public record StructParameter(String name, String typeText, String definition, boolean isConst, int position,
        List<Member> members, SourceRange range) {

    /**
     * How a member reaches the flattened function: {@code VALUE} an integer member the function
     * only reads ({@code g->n}); {@code ADDRESS} a scalar the derivative may write or accumulate
     * into, as an array of one ({@code &g->s}); {@code POINTER} a pointer member, passed as it is
     * ({@code g->u}); {@code EMBEDDED} an array inside the struct ({@code g->v}, decaying to a
     * pointer to its first element).
     */
    public enum Passing {
        VALUE, ADDRESS, POINTER, EMBEDDED
    }

    /** A used member: its name in the struct and the flattened parameter standing for it. */
    public record Member(String field, Variable variable, Passing passing) {
    }

    public StructParameter {
        members = List.copyOf(members);
        range = range == null ? SourceRange.NONE : range;
    }

    /** The member that {@code flattened} stands for, if it stands for one. */
    public Optional<Member> memberOf(Variable flattened) {
        return members.stream().filter(m -> m.variable().equals(flattened)).findFirst();
    }

    /**
     * True when {@code flattened} stands for a scalar member of one of {@code structs} passed by
     * address ({@code &g->s}): an array of exactly one element, wherever the function or the
     * helpers it passes it on to use it.
     */
    public static boolean isByAddress(List<StructParameter> structs, Variable flattened) {
        return structs.stream()
                .anyMatch(sp -> sp.memberOf(flattened).filter(m -> m.passing() == Passing.ADDRESS).isPresent());
    }

    /**
     * {@code text} (a parameter's name or an integer expression given in an option) with each
     * member of {@code structs} spelled as the user writes it, {@code g->n}, replaced by its
     * parameter in the IR, {@code g_n}; any other text is left as it is.
     */
    public static String unspell(String text, List<StructParameter> structs) {
        String out = text;
        for (StructParameter sp : structs) {
            for (Member m : sp.members()) {
                out = out.replaceAll("\\b" + Pattern.quote(sp.name()) + "\\s*->\\s*" + Pattern.quote(m.field())
                        + "\\b", Matcher.quoteReplacement(m.variable().name()));
            }
        }
        return out;
    }

    /**
     * {@code text} with the flattened names of the members of {@code structs} spelled as the user
     * writes them, {@code g->u} for {@code g_u}, and those of their derivatives by the naming
     * convention ({@code g_u} + {@code suffix}) as members of the derivative struct, {@code gb->u}
     * for {@code g_ub}: for reports about a function rather than one generated derivative (whose
     * own names the printer knows exactly).
     */
    public static String spell(String text, List<StructParameter> structs, String suffix) {
        Map<String, String> spellings = new LinkedHashMap<>();
        for (StructParameter sp : structs) {
            for (Member m : sp.members()) {
                spellings.put(m.variable().name() + suffix, sp.name() + suffix + "->" + m.field());
                spellings.put(m.variable().name(), sp.name() + "->" + m.field());
            }
        }
        return respell(text, spellings);
    }

    /** {@code text} with each whole word that is a key of {@code spellings} replaced by its value. */
    public static String respell(String text, Map<String, String> spellings) {
        String out = text;
        for (Map.Entry<String, String> e : spellings.entrySet()) {
            out = out.replaceAll("\\b" + Pattern.quote(e.getKey()) + "\\b", Matcher.quoteReplacement(e.getValue()));
        }
        return out;
    }

    /**
     * The C expression passing member {@code m} of the struct that {@code pointer} points to, as
     * the flattened parameter expects it: {@code &g->s}, {@code g->u}.
     */
    public static String argument(String pointer, Member m) {
        String access = pointer + "->" + m.field();
        return m.passing() == Passing.ADDRESS ? "&" + access : access;
    }

    /**
     * The name of a derivative function's flattened form ({@code f_b_members} for {@code f_b}),
     * which takes the members as parameters; {@code f_b} itself takes the structs. Drivers that
     * hold the members as arrays and scalars of their own (check, timing) call it.
     */
    public static String flattenedName(String derivedName) {
        return derivedName + "_members";
    }
}
