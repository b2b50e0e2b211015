package org.paradjoint.race.logic;

import org.paradjoint.race.logic.Formula.And;
import org.paradjoint.race.logic.Formula.Bool;
import org.paradjoint.race.logic.Formula.BoolVar;
import org.paradjoint.race.logic.Formula.Cmp;
import org.paradjoint.race.logic.Formula.Forall;
import org.paradjoint.race.logic.Formula.Not;
import org.paradjoint.race.logic.Formula.Or;
import org.paradjoint.race.logic.Term.Add;
import org.paradjoint.race.logic.Term.App;
import org.paradjoint.race.logic.Term.Const;
import org.paradjoint.race.logic.Term.Mod;
import org.paradjoint.race.logic.Term.Mul;
import org.paradjoint.race.logic.Term.Sub;
import org.paradjoint.race.logic.Term.Var;

/**
 * How terms and formulas read in reports and {@code toString}: infix C-like operators, a minus
 * instead of adding a negative, parentheses only where precedence needs them. The text of a term
 * is also the order {@link Linear} sorts atoms by, so it must stay stable.
 */
final class LogicText {

    private LogicText() {
    }

    static String text(Term t) {
        return switch (t) {
            case Const c -> Long.toString(c.value());
            case Var v -> v.name();
            case Add a -> {
                StringBuilder sb = new StringBuilder();
                for (Term x : a.terms()) {
                    if (sb.isEmpty()) {
                        sb.append(operand(x));
                    } else if (x instanceof Const c && c.value() < 0) {
                        sb.append(" - ").append(-c.value());
                    } else if (x instanceof Mul m && m.left() instanceof Const c && c.value() < 0) {
                        sb.append(" - ").append(c.value() == -1 ? operand(m.right()) : -c.value() + "*" + operand(m.right()));
                    } else {
                        sb.append(" + ").append(operand(x));
                    }
                }
                yield sb.toString();
            }
            case Sub s -> operand(s.left()) + " - " + operand(s.right());
            case Mul m -> m.left() instanceof Const c && c.value() == -1 ? "-" + operand(m.right())
                    : operand(m.left()) + "*" + operand(m.right());
            case Mod m -> "(" + text(m.dividend()) + " mod " + m.divisor() + ")";
            case App a -> a.function() + "(" + String.join(", ", a.args().stream().map(LogicText::text).toList()) + ")";
        };
    }

    private static String operand(Term t) {
        return t instanceof Add || t instanceof Sub ? "(" + text(t) + ")" : text(t);
    }

    static String text(Formula f) {
        return switch (f) {
            case Bool b -> Boolean.toString(b.value());
            case Cmp c -> text(c.left()) + " " + c.rel().symbol + " " + text(c.right());
            case And a -> String.join(" && ", a.parts().stream().map(p -> p instanceof Or ? "(" + text(p) + ")" : text(p)).toList());
            case Or o -> String.join(" || ", o.parts().stream().map(p -> p instanceof And ? "(" + text(p) + ")" : text(p)).toList());
            case Not n -> "!(" + text(n.operand()) + ")";
            case BoolVar v -> v.name();
            case Forall q -> "forall " + String.join(", ", q.vars()) + ": (" + text(q.body()) + ")";
        };
    }
}
