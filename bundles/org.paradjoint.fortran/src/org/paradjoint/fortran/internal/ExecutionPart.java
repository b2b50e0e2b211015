package org.paradjoint.fortran.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.internal.ConstructLines.Closer;

/**
 * The executable part of a procedure to IR statements: block structure ({@code do ... end do},
 * {@code if ... else if ... else ... end if}), the directives before each statement, and error
 * recovery: a construct whose header cannot be mapped is reported and skipped up to its
 * {@code end}, so that one run lists every unsupported construct. What a single line means for
 * the block structure is {@link ConstructLines}; the control of a do loop and its checks are
 * {@link DoLoopControl}.
 */
final class ExecutionPart {

    private final Scope scope;
    private final Reporter reporter;
    private final ExprParser exprs;
    private final SourceText src;
    private final Directives directives;
    private final SimpleStatements simple;
    private final List<LogicalLine> lines;
    private final int end;
    private final Deque<Variable> counters = new ArrayDeque<>();
    private List<LogicalLine> pending = new ArrayList<>();
    private int pos;

    ExecutionPart(Scope scope, Reporter reporter, ExprParser exprs, Directives directives, Variable result,
            List<LogicalLine> lines, int end) {
        this.scope = scope;
        this.reporter = reporter;
        this.exprs = exprs;
        this.src = reporter.src();
        this.directives = directives;
        this.simple = new SimpleStatements(scope, exprs, src, result);
        this.lines = lines;
        this.end = end;
    }

    /** The statements from {@code from} up to the end of the unit (or its {@code contains}). */
    List<Stmt> parse(int from) {
        pos = from;
        List<Stmt> body = statements(Closer.UNIT);
        if (pos < end) {
            LogicalLine l = lines.get(pos);
            reporter.error("unsupported-internal-procedure.internal-procedures-contains", l.start(), l.end());
        }
        return body;
    }

    // ---- blocks -------------------------------------------------------------------------------

    private List<Stmt> statements(Closer closer) {
        List<Stmt> out = new ArrayList<>();
        while (pos < end) {
            LogicalLine l = lines.get(pos);
            if (l.isDirective()) {
                if (l.kind() == LogicalLine.Kind.OMP && OmpDirective.kindOf(l) == OmpDirective.Kind.END_PARALLEL_DO) {
                    reporter.error("misplaced-pragma.omp-end-parallel", l.start(), l.end());
                } else {
                    pending.add(l);
                }
                pos++;
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            if (ConstructLines.isTerminator(cls)) {
                if (closer.accepts(cls) || ConstructLines.endsUnit(cls)) {
                    break;
                }
                reporter.error("mismatched-end.open-construct", l.start(), l.end(), "code", src.excerpt(l.start(),
                        l.end()), "describe", closer.describe());
                pos++;
                continue;
            }
            List<LogicalLine> mine = pending;
            pending = new ArrayList<>();
            if (cls.label() != null) {
                reporter.error("unsupported-label.fortran", cls.label().start(), cls.label().end());
            }
            statement(l, cls, mine, out);
        }
        directives.dangling(pending);
        pending = new ArrayList<>();
        return out;
    }

    private void statement(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine, List<Stmt> out) {
        switch (cls.kind()) {
            case DO -> {
                For f = doLoop(l, cls, mine);
                if (f != null) {
                    out.add(f);
                }
                return;
            }
            case IF -> {
                Stmt s = ifStatement(l, cls, mine);
                if (s != null) {
                    out.add(s);
                }
                return;
            }
            default -> {
            }
        }
        pos++;
        try {
            switch (cls.kind()) {
                case ASSIGNMENT -> {
                    Directives.Claimed d = directives.claim(mine, AnnotationSite.ASSIGNMENT,
                            OmpDirective.Kind.ATOMIC);
                    out.add(simple.assignment(l, cls.at(), counters, d.ad(), d.omp()));
                }
                case CALL -> {
                    directives.claim(mine, AnnotationSite.OTHER, null);
                    out.add(simple.call(l, cls.at()));
                }
                case RETURN -> {
                    directives.claim(mine, AnnotationSite.OTHER, null);
                    out.add(simple.returnStatement(l, cls.at()));
                }
                case CONTINUE -> {
                    directives.claim(mine, AnnotationSite.OTHER, null);
                    new Cursor(l, src, cls.at() + 1).expectEnd("continue");
                }
                default -> {
                    directives.claim(mine, AnnotationSite.OTHER, null);
                    UnsupportedException e = simple.unsupported(l, cls);
                    if (ConstructLines.opensConstruct(l, cls)) {
                        skipConstruct();
                    }
                    throw e;
                }
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
        }
    }

    // ---- do -----------------------------------------------------------------------------------

    private For doLoop(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine) {
        Directives.Claimed d = directives.claim(mine, AnnotationSite.LOOP, OmpDirective.Kind.PARALLEL_DO);
        pos++;
        Cursor c = new Cursor(l, src, cls.at());
        c.next();
        DoLoopControl control;
        boolean labelled = c.peek() != null && c.peek().kind() == Token.Kind.INT;
        try {
            if (labelled) {
                Token label = c.peek();
                skipToLabel(label.text());
                throw c.at(label, "unsupported-do.labelled-do-loops");
            }
            control = DoLoopControl.parse(c, scope, exprs, counters);
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            if (!labelled) {
                skipConstruct();
            }
            return null;
        }
        Variable counter = control.counter();
        Expr lower = control.lower();
        long step = control.step();
        counters.push(counter);
        List<Stmt> body;
        try {
            body = statements(Closer.DO);
        } finally {
            counters.pop();
        }
        int endOffset = closeConstruct(l, "do", "end do", cls);
        OmpParallelFor omp = null;
        if (d.omp() != null) {
            omp = DoLoopControl.withInnerCounters(d.omp().clauses(), body, counter, l, reporter);
            if (pos < end && lines.get(pos).kind() == LogicalLine.Kind.OMP
                    && OmpDirective.kindOf(lines.get(pos)) == OmpDirective.Kind.END_PARALLEL_DO) {
                endOffset = lines.get(pos).end();
                pos++;
            }
        }
        int start = d.omp() != null ? Math.min(l.start(), d.omp().line().start()) : l.start();
        For f = new For(counter, lower, step > 0 ? Binary.Op.LE : Binary.Op.GE, control.upper(),
                new IntLit(step, lower.range()), new Block(body, src.range(l.end(), endOffset)), omp, d.ad(),
                src.range(start, endOffset));
        DoLoopControl.checkBounds(f, l, reporter);
        return f;
    }

    // ---- if -----------------------------------------------------------------------------------

    private Stmt ifStatement(LogicalLine l, Classifier.Line cls, List<LogicalLine> mine) {
        Cursor c = new Cursor(l, src, cls.at());
        Expr cond;
        boolean construct;
        try {
            c.next();
            cond = condition(c);
            if (c.atEnd()) {
                throw c.atNext("syntax-error.expected-then-statement");
            }
            construct = c.peekName("then") && c.peek(1) == null;
            if (!construct && c.peek().kind() == Token.Kind.INT) {
                throw c.error("unsupported-arithmetic-if");
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            pos++;
            if (ConstructLines.isConstructIf(l, cls)) {
                skipConstruct();
            }
            directives.claim(mine, AnnotationSite.OTHER, null);
            return null;
        }
        if (!construct) {
            pos++;
            return logicalIf(l, c, cond, mine);
        }
        directives.claim(mine, AnnotationSite.OTHER, null);
        pos++;
        return ifRest(cond, l.start(), l, cls);
    }

    private Expr condition(Cursor c) {
        c.expect("(", "'(' after if");
        int s = c.nextStart();
        Expr cond = exprs.parse(c);
        c.expect(")", "')' after the condition");
        if (exprs.typeOf(cond) != TypeClass.LOGICAL) {
            throw c.between(s, c.prevEnd(), "syntax-error.condition-logical-expression");
        }
        return cond;
    }

    /** {@code if (c) action}: the action is one simple statement. */
    private Stmt logicalIf(LogicalLine l, Cursor c, Expr cond, List<LogicalLine> mine) {
        directives.claim(mine, AnnotationSite.OTHER, null);
        LogicalLine action = new LogicalLine(LogicalLine.Kind.CODE, l.tokens().subList(c.pos(), l.tokens().size()),
                c.nextStart(), l.end());
        Classifier.Line acls = Classifier.classify(action);
        List<Stmt> body = new ArrayList<>();
        try {
            switch (acls.kind()) {
                case ASSIGNMENT -> body.add(simple.assignment(action, acls.at(), counters, List.of(), null));
                case CALL -> body.add(simple.call(action, acls.at()));
                case RETURN -> body.add(simple.returnStatement(action, acls.at()));
                case CONTINUE -> {
                }
                case DO, IF, ELSE, ELSE_IF, END -> throw new Cursor(action, src).error("syntax-error.logical-if-takes");
                default -> throw simple.unsupported(action, acls);
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            return null;
        }
        return new If(cond, new Block(body, action.tokens().isEmpty() ? src.range(l.end(), l.end())
                : src.range(action.start(), action.end())), null, src.range(l.start(), l.end()));
    }

    /** The blocks of an if construct after its header, through its {@code end if}. */
    private If ifRest(Expr cond, int start, LogicalLine header, Classifier.Line cls) {
        List<Stmt> then = statements(Closer.IF);
        Block otherwise = null;
        int endOffset = header.end();
        if (pos < end) {
            LogicalLine stop = lines.get(pos);
            Classifier.Line scls = Classifier.classify(stop);
            if (scls.kind() == Classifier.Kind.ELSE_IF) {
                pos++;
                If inner = elseIf(stop, scls, cls);
                if (inner != null) {
                    otherwise = new Block(List.of(inner), inner.range());
                    endOffset = inner.range().offset() + inner.range().length();
                }
                return new If(cond, new Block(then, src.range(header.end(), stop.start())), otherwise,
                        src.range(start, endOffset));
            }
            if (scls.kind() == Classifier.Kind.ELSE) {
                pos++;
                Cursor c = new Cursor(stop, src, scls.at() + 1);
                if (!c.atEnd() && !(c.peek().isName() && c.peek(1) == null)) {
                    reporter.error("syntax-error.text-after-else", stop.start(), stop.end());
                }
                List<Stmt> els = statements(Closer.ELSE);
                otherwise = new Block(els, src.range(stop.end(), pos < end ? lines.get(pos).start() : stop.end()));
            }
        }
        endOffset = closeConstruct(header, "if", "end if", cls);
        return new If(cond, new Block(then, src.range(header.end(), header.end())), otherwise,
                src.range(start, endOffset));
    }

    private If elseIf(LogicalLine stop, Classifier.Line scls, Classifier.Line opening) {
        Cursor c = new Cursor(stop, src, scls.at());
        Expr cond;
        try {
            if (c.next().isName("else")) {
                c.next();
            }
            cond = condition(c);
            if (!c.peekName("then")) {
                throw c.atNext("syntax-error.expected-then-after");
            }
            c.next();
            if (!c.atEnd() && !(c.peek().isName() && c.peek(1) == null)) {
                throw c.atNext("syntax-error.text-after-then");
            }
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            cond = new IntLit(0);
        }
        return ifRest(cond, stop.start(), stop, opening);
    }

    // ---- construct ends and recovery ----------------------------------------------------------

    /**
     * Consumes the {@code end do}/{@code end if} of a construct and returns its end offset; a
     * missing end is reported at the header. A construct name on the end must match the header's.
     */
    private int closeConstruct(LogicalLine header, String what, String spelled, Classifier.Line hcls) {
        if (pos >= end) {
            reporter.error("missing-end.construct", header.start(), header.end(), "what", what, "spelled", spelled);
            return header.end();
        }
        LogicalLine l = lines.get(pos);
        Classifier.Line cls = Classifier.classify(l);
        if (cls.kind() != Classifier.Kind.END || !cls.endWhat().equals(what)) {
            reporter.error("missing-end.construct-before", header.start(), header.end(), "what", what, "spelled",
                    spelled, "code", src.excerpt(l.start(), l.end()));
            return header.end();
        }
        pos++;
        String name = cls.endNameAt() < l.tokens().size() ? l.tokens().get(cls.endNameAt()).text() : null;
        String expected = hcls.construct() == null ? null : hcls.construct().text();
        if (name != null && !name.equals(expected) || name == null && expected != null) {
            reporter.error("mismatched-end.construct-name", l.start(), l.end(), "spelled", spelled, "given",
                    (name == null ? "" : " " + name), "name", (expected == null ? "(none)" : "'" + expected + "'"));
        }
        return l.end();
    }

    /** Skips the body of a construct whose header was rejected, through its matching end. */
    private void skipConstruct() {
        int depth = 1;
        while (pos < end) {
            LogicalLine l = lines.get(pos);
            if (l.kind() == LogicalLine.Kind.CODE) {
                Classifier.Line cls = Classifier.classify(l);
                if (ConstructLines.endsUnit(cls)) {
                    return;
                }
                if (ConstructLines.opensConstruct(l, cls)) {
                    depth++;
                } else if (cls.kind() == Classifier.Kind.END && !cls.endWhat().isEmpty()) {
                    depth--;
                    if (depth == 0) {
                        pos++;
                        return;
                    }
                }
            }
            pos++;
        }
    }

    private void skipToLabel(String label) {
        String digits = label.replaceAll("_.*", "");
        for (int i = pos; i < end; i++) {
            Classifier.Line cls = Classifier.classify(lines.get(i));
            if (cls.label() != null && cls.label().text().replaceAll("_.*", "").equals(digits)) {
                pos = i + 1;
                return;
            }
        }
    }

    List<AdPragma> pragmas() {
        return directives.collected;
    }
}
