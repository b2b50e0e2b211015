package org.paradjoint.race.internal;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.ExprText;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;
import org.paradjoint.race.logic.Term;

/**
 * The symbolic values {@link LoopExtractor} gives to the integer expressions and conditions of
 * a parallel loop's body: C expressions become {@link Term}s and {@link Formula}s over the
 * iteration's counter, loop-invariant scalars, read-only index arrays and fresh variables for
 * what cannot be expressed (instances of scalars, opaque values and conditions). Every fresh
 * variable is registered in the {@link LoopModel} as a per-iteration variable with its text.
 */
final class LoopTerms {

    private final LoopModel m;
    /** Arrays the loop body writes: their elements are not loop-invariant. */
    private final Set<Variable> writtenArrays;
    private final Predicate<Variable> isShared;
    private final IdentityHashMap<Expr, Term> opaque = new IdentityHashMap<>();
    private final IdentityHashMap<Expr, Formula> opaqueCond = new IdentityHashMap<>();
    private int fresh;

    LoopTerms(LoopModel m, Set<Variable> writtenArrays, Predicate<Variable> isShared) {
        this.m = m;
        this.writtenArrays = writtenArrays;
        this.isShared = isShared;
    }

    /** Opaque values are shared by the evaluations of one node within one statement only: forgets them. */
    void newStatement() {
        opaque.clear();
        opaqueCond.clear();
    }

    Term eval(Expr e, Map<Variable, Term> env) {
        return switch (e) {
            case IntLit l -> Logic.num(l.value());
            case VarRef v -> {
                Variable x = v.var();
                if (x.equals(m.counter)) {
                    yield Logic.var(m.counterVar());
                }
                Term t = env.get(x);
                if (t != null) {
                    yield t;
                }
                yield x.isScalar() && x.type().isInteger() ? shared(x) : opaque(e);
            }
            case ArrayRef a -> {
                if (a.var().type().isInteger() && isShared.test(a.var()) && !writtenArrays.contains(a.var())) {
                    Term t = Logic.app(a.var().name(), a.indices().stream().map(i -> eval(i, env)).toList());
                    m.atomText.putIfAbsent(t, ExprText.of(a));
                    yield t;
                }
                yield opaque(e);
            }
            case Binary b -> switch (b.op()) {
                case ADD -> Logic.add(eval(b.left(), env), eval(b.right(), env));
                case SUB -> Logic.sub(eval(b.left(), env), eval(b.right(), env));
                case MUL -> Logic.mul(eval(b.left(), env), eval(b.right(), env));
                // C truncates; any deterministic function is sound for "equal or not".
                case DIV -> Logic.app("/", eval(b.left(), env), eval(b.right(), env));
                case MOD -> Logic.app("%", eval(b.left(), env), eval(b.right(), env));
                default -> opaque(e);
            };
            case Unary u when u.op() == Unary.Op.NEG -> Logic.neg(eval(u.operand(), env));
            case Cast c when c.type().isInteger() && isIntegral(c.operand()) -> eval(c.operand(), env);
            default -> opaque(e);
        };
    }

    Formula cond(Expr e, Map<Variable, Term> env) {
        if (e instanceof Binary b) {
            switch (b.op()) {
                case AND:
                    return Logic.and(cond(b.left(), env), cond(b.right(), env));
                case OR:
                    return Logic.or(cond(b.left(), env), cond(b.right(), env));
                default:
                    if (b.op().isComparison() && isIntegral(b.left()) && isIntegral(b.right())) {
                        Term l = eval(b.left(), env);
                        Term r = eval(b.right(), env);
                        return switch (b.op()) {
                            case LT -> Logic.lt(l, r);
                            case LE -> Logic.le(l, r);
                            case GT -> Logic.lt(r, l);
                            case GE -> Logic.le(r, l);
                            case EQ -> Logic.eq(l, r);
                            default -> Logic.ne(l, r);
                        };
                    }
            }
        }
        if (e instanceof Unary u && u.op() == Unary.Op.NOT) {
            return Logic.not(cond(u.operand(), env));
        }
        if (isIntegral(e)) {
            return Logic.ne(eval(e, env), Logic.num(0));
        }
        return opaqueCond.computeIfAbsent(e, x -> {
            String name = "cond@" + (++fresh);
            m.sideVars.add(name);
            m.display.put(name, "(" + ExprText.of(x) + ")");
            return Logic.boolVar(name);
        });
    }

    static boolean isIntegral(Expr e) {
        return switch (e) {
            case IntLit l -> true;
            case RealLit r -> false;
            case LValue lv -> lv.var().type().isInteger();
            case Binary b -> b.op().isBoolean() || isIntegral(b.left()) && isIntegral(b.right());
            case Unary u -> u.op() == Unary.Op.NOT || isIntegral(u.operand());
            case Cast c -> c.type().isInteger();
            case Cond c -> isIntegral(c.then()) && isIntegral(c.otherwise());
            case Call c -> false;
            case TextOperand t -> false;
        };
    }

    /** The loop-invariant value of {@code v}, the same in every iteration. */
    Term shared(Variable v) {
        m.sharedVars.add(v.name());
        return Logic.var(v.name());
    }

    /** A fresh value of {@code v} at a definition point the analysis cannot express. */
    Term instance(Variable v) {
        String name = v.name() + "." + (++fresh);
        m.sideVars.add(name);
        m.display.put(name, v.name());
        Term t = Logic.var(name);
        m.atomText.put(t, v.name());
        return t;
    }

    /** The value of an expression the analysis cannot express, one per occurrence and iteration. */
    private Term opaque(Expr e) {
        return opaque.computeIfAbsent(e, x -> {
            String name = "?" + (++fresh);
            m.sideVars.add(name);
            String text = ExprText.of(x);
            m.display.put(name, text);
            Term t = Logic.var(name);
            m.atomText.put(t, text);
            return t;
        });
    }

    /** {@code x} runs over {@code lower, lower+step, ...} while {@code x cmp bound}; null when unclear. */
    static Formula rangeFormula(Term x, Term lower, Binary.Op cmp, Term bound, long step) {
        Formula r;
        if (step > 0 && cmp == Binary.Op.LT) {
            r = Logic.and(Logic.le(lower, x), Logic.lt(x, bound));
        } else if (step > 0 && cmp == Binary.Op.LE) {
            r = Logic.and(Logic.le(lower, x), Logic.le(x, bound));
        } else if (step < 0 && cmp == Binary.Op.GT) {
            r = Logic.and(Logic.lt(bound, x), Logic.le(x, lower));
        } else if (step < 0 && cmp == Binary.Op.GE) {
            r = Logic.and(Logic.le(bound, x), Logic.le(x, lower));
        } else {
            return null;
        }
        long s = Math.abs(step);
        if (s > 1) {
            r = Logic.and(r, Logic.eq(Logic.mod(Logic.sub(x, lower), s), Logic.num(0)));
        }
        return r;
    }
}
