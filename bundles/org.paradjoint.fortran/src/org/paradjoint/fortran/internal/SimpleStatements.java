package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Statements without a body: assignments, {@code call}, {@code return}, {@code continue}, and the unsupported ones. */
final class SimpleStatements {
    private final Scope scope;
    private final ExprParser exprs;
    private final SourceText src;
    private final Variable result;

    SimpleStatements(Scope scope, ExprParser exprs, SourceText src, Variable result) {
        this.scope = scope;
        this.exprs = exprs;
        this.src = src;
        this.result = result;
    }

    /**
     * {@code target = value}. With {@code atomic} (an {@code !$omp atomic} before it) the value
     * must be an update of the target, which becomes an atomic {@code +=} (or {@code -=},
     * {@code *=}, {@code /=}) in the IR.
     */
    Assign assignment(LogicalLine l, int at, Collection<Variable> counters, List<AdPragma> pragmas,
            OmpDirective.Parsed atomic) {
        Cursor c = new Cursor(l, src, at);
        Token n = c.peek();
        Scope.Symbol s = scope.lookup(n.text());
        if (s instanceof Scope.Var v) {
            if (v.variable().isArray() && (c.peek(1) == null || !c.peek(1).isOp("("))) {
                throw c.at(n, "unsupported-array-assignment", "text", n.text());
            }
            if (v.intent() == Scope.Intent.IN) {
                throw c.at(n, "intent-in-assigned.intent-assigned", "text", n.text());
            }
            if (counters.contains(v.variable())) {
                throw c.at(n, "unsupported-do-counter.variable-enclosing-do", "text", n.text());
            }
        } else if (s instanceof Scope.Constant) {
            throw c.at(n, "syntax-error.named-constant-assigned", "text", n.text());
        }
        Expr target = exprs.parse(c);
        if (!(target instanceof LValue lv)) {
            throw c.between(n.start(), c.prevEnd(), "unsupported-statement.left-side-variable");
        }
        c.expect("=", "'=' in the assignment");
        Expr value = exprs.parse(c);
        c.expectEnd("the assignment");
        var range = src.range(l.start(), l.end());
        if (atomic == null) {
            return new Assign(lv, Assign.Op.SET, value, false, pragmas, range);
        }
        return atomicUpdate(lv, value, pragmas, atomic, c);
    }

    private static Assign atomicUpdate(LValue target, Expr value, List<AdPragma> pragmas, OmpDirective.Parsed atomic,
            Cursor c) {
        var range = c.src().range(atomic.line().start(), c.line().end());
        if (value instanceof Binary b && b.left().equals(target)) {
            Assign.Op op = switch (b.op()) {
                case ADD -> Assign.Op.ADD;
                case SUB -> Assign.Op.SUB;
                case MUL -> Assign.Op.MUL;
                case DIV -> Assign.Op.DIV;
                default -> null;
            };
            if (op != null) {
                return new Assign(target, op, b.right(), true, pragmas, range);
            }
        }
        // x = x + e1 - e2 ... and x = e + x
        Assign chain = Increments.asIncrement(new Assign(target, Assign.Op.SET, value, true, pragmas, range));
        if (chain != null) {
            return chain;
        }
        throw c.error("unsupported-omp.omp-atomic-needs");
    }

    CallStmt call(LogicalLine l, int at) {
        Cursor c = new Cursor(l, src, at);
        c.next();
        Token n = c.expectName("a subroutine name");
        UnitIndex.Procedure p = scope.unit().procedure(n.text());
        if (p == null) {
            throw c.at(n, "unknown-function.call-unknown-subroutine", "text", n.text());
        }
        if (p.isFunction()) {
            throw c.at(n, "unknown-function.function-use-expression", "text", n.text());
        }
        List<Expr> args = new ArrayList<>();
        if (c.accept("(") && !c.accept(")")) {
            do {
                if (c.peek() != null && c.peek().isName() && c.peek(1) != null && c.peek(1).isOp("=")) {
                    throw c.atNext("unsupported-call.keyword-arguments-are");
                }
                args.add(exprs.argument(c));
            } while (c.accept(","));
            c.expect(")", "',' or ')' in the arguments of '" + n.text() + "'");
        }
        c.expectEnd("the call");
        var range = src.range(l.start(), l.end());
        if (args.size() != p.dummies().size()) {
            throw c.error("call-arity.procedure", "text", n.text(), "dummies", p.dummies().size(), "argument",
                    (p.dummies().size() == 1 ? "" : "s"), "size", args.size());
        }
        return new CallStmt(new Call(n.text(), args, range), range);
    }

    Return returnStatement(LogicalLine l, int at) {
        Cursor c = new Cursor(l, src, at);
        c.next();
        if (!c.atEnd()) {
            throw c.atNext("unsupported-statement.alternate-returns-are");
        }
        var range = src.range(l.start(), l.end());
        return new Return(result == null ? null : new VarRef(result, range), range);
    }

    /** The error for a statement that has no IR counterpart. */
    UnsupportedException unsupported(LogicalLine l, Classifier.Line cls) {
        Cursor c = new Cursor(l, src, cls.at());
        if (cls.kind() == Classifier.Kind.POINTER_ASSIGNMENT) {
            return c.error("unsupported-pointer.pointer-assignment-supported");
        }
        if (cls.kind() == Classifier.Kind.TYPE_DECLARATION || cls.kind() == Classifier.Kind.SPECIFICATION
                || cls.kind() == Classifier.Kind.IMPLICIT || cls.kind() == Classifier.Kind.USE) {
            return c.error("unsupported-declaration.specification-statement-after");
        }
        Token t = c.peek();
        String w = t == null || !t.isName() ? "" : t.text();
        if (w.equals("go") && c.peek(1) != null && c.peek(1).isName("to")) {
            w = "goto";
        }
        return switch (w) {
            case "goto" -> c.error("unsupported-goto.fortran");
            case "exit" -> c.error("unsupported-exit");
            case "cycle" -> c.error("unsupported-cycle");
            case "stop", "error", "pause" -> c.error("unsupported-stop", "statement", w);
            case "print", "write", "read", "open", "close", "inquire", "rewind", "backspace", "endfile", "flush",
                    "format", "wait" -> c.error("unsupported-io", "output", w);
            case "allocate", "deallocate" -> c.error("unsupported-allocate.statement", "statement", w);
            case "nullify" -> c.error("unsupported-pointer.pointers-are-supported");
            case "select" -> c.error("unsupported-select");
            case "where", "forall" -> c.error("unsupported-where", "statement", w);
            case "contains" -> c.error("unsupported-internal-procedure.internal-procedures-are");
            case "" -> c.error("syntax-error.read-statement", "code", src.excerpt(l.start(), l.end()));
            default -> c.error(cls.kind() == Classifier.Kind.OTHER_EXECUTABLE && scope.lookup(w) == null
                    && scope.unit().procedure(w) == null ? "unsupported-statement.fortran" : "syntax-error.statement",
                    "statement", src.excerpt(l.start(), l.end()));
        };
    }
}
