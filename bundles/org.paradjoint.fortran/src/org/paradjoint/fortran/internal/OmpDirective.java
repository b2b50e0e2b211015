package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Variable;

/**
 * {@code !$omp} directives: {@code parallel do} with its clauses ({@code private},
 * {@code firstprivate}, {@code shared}, {@code reduction}, {@code schedule}, {@code collapse},
 * {@code default}), {@code end parallel do}, and {@code atomic} before an update. Reduction
 * operators are stored in C spelling ({@code .and.} is {@code &&}, {@code iand} is {@code &}).
 * Any other directive or clause is a located error.
 */
final class OmpDirective {

    enum Kind {
        PARALLEL_DO, END_PARALLEL_DO, ATOMIC
    }

    record Parsed(Kind kind, OmpParallelFor clauses, LogicalLine line) {
    }

    private static final Set<String> KNOWN_UNSUPPORTED_CLAUSES = Set.of("lastprivate", "num_threads", "if",
            "ordered", "proc_bind", "copyin", "linear", "allocate", "order", "copyprivate", "nowait");

    private OmpDirective() {
    }

    /** The directive's kind, without resolving clauses (for recognising {@code end parallel do}). */
    static Kind kindOf(LogicalLine l) {
        List<Token> t = l.tokens();
        if (t.size() >= 3 && t.get(0).isName("end") && t.get(1).isName("parallel") && t.get(2).isName("do")) {
            return Kind.END_PARALLEL_DO;
        }
        if (t.size() >= 2 && t.get(0).isName("end") && t.get(1).isName("paralleldo")) {
            return Kind.END_PARALLEL_DO;
        }
        if (t.size() >= 2 && t.get(0).isName("parallel") && t.get(1).isName("do")
                || t.size() >= 1 && t.get(0).isName("paralleldo")) {
            return Kind.PARALLEL_DO;
        }
        if (t.size() >= 1 && t.get(0).isName("atomic")) {
            return Kind.ATOMIC;
        }
        return null;
    }

    static Parsed parse(LogicalLine l, Scope scope, SourceText src) {
        Cursor c = new Cursor(l, src);
        Kind kind = kindOf(l);
        if (kind == null) {
            throw unsupported(c, l);
        }
        switch (kind) {
            case END_PARALLEL_DO -> {
                c.seek(l.tokens().get(1).isName("paralleldo") ? 2 : 3);
                c.expectEnd("!$omp end parallel do");
                return new Parsed(kind, null, l);
            }
            case ATOMIC -> {
                c.next();
                if (c.peekName("update")) {
                    c.next();
                }
                c.expectEnd("!$omp atomic (only the update form is supported)");
                return new Parsed(kind, null, l);
            }
            default -> {
                c.seek(l.tokens().get(0).isName("paralleldo") ? 1 : 2);
                if (c.peekName("simd")) {
                    throw c.atNext("unsupported-omp.omp-parallel-do");
                }
                return new Parsed(kind, clauses(c, scope, l), l);
            }
        }
    }

    private static RuntimeException unsupported(Cursor c, LogicalLine l) {
        String what = l.tokens().isEmpty() ? "" : l.tokens().get(0).text();
        if (what.isEmpty()) {
            return c.error("unsupported-omp.empty-omp-directive");
        }
        String hint = switch (what) {
            case "parallel" -> "parallel regions are not supported; put '!$omp parallel do' on the loop";
            case "do" -> "a worksharing '!$omp do' needs an enclosing parallel region, which is not supported; use "
                    + "'!$omp parallel do'";
            default -> "only '!$omp parallel do', '!$omp end parallel do' and '!$omp atomic' are supported";
        };
        return c.error("unsupported-omp.omp", "what", what, "hint", hint);
    }

    private static OmpParallelFor clauses(Cursor c, Scope scope, LogicalLine l) {
        List<Variable> privates = new ArrayList<>();
        List<Variable> firstprivates = new ArrayList<>();
        List<Variable> shared = new ArrayList<>();
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>();
        String schedule = null;
        int collapse = 0;
        String defaultSharing = null;
        while (!c.atEnd()) {
            if (c.accept(",")) {
                continue;
            }
            Token clause = c.expectName("an OpenMP clause");
            switch (clause.text()) {
                case "private" -> names(c, scope, privates, clause);
                case "firstprivate" -> names(c, scope, firstprivates, clause);
                case "shared" -> names(c, scope, shared, clause);
                case "reduction" -> reductions.add(reduction(c, scope, clause));
                case "schedule" -> schedule = verbatim(c, clause);
                case "collapse" -> {
                    c.expect("(", "'(' after collapse");
                    Token n = c.next();
                    if (n.kind() != Token.Kind.INT || Long.parseLong(n.text().replaceAll("_.*", "")) < 1) {
                        throw c.at(n, "unsupported-omp-clause.collapse-needs-positive");
                    }
                    collapse = Integer.parseInt(n.text().replaceAll("_.*", ""));
                    c.expect(")", "')' after the collapse count");
                }
                case "default" -> {
                    c.expect("(", "'(' after default");
                    Token d = c.expectName("shared, none, private or firstprivate");
                    if (!Set.of("shared", "none", "private", "firstprivate").contains(d.text())) {
                        throw c.at(d, "unsupported-omp-clause.default-valid", "text", d.text());
                    }
                    defaultSharing = d.text();
                    c.expect(")", "')' after the default sharing");
                }
                default -> throw c.at(clause,
                        KNOWN_UNSUPPORTED_CLAUSES.contains(clause.text())
                        ? "unsupported-omp-clause.on-differentiated-loop" : "unsupported-omp-clause.unknown",
                        "clause", clause.text());
            }
        }
        return new OmpParallelFor(privates, firstprivates, shared, reductions, schedule, collapse, defaultSharing,
                src(c).range(l.start(), l.end()));
    }

    private static SourceText src(Cursor c) {
        return c.src();
    }

    private static void names(Cursor c, Scope scope, List<Variable> into, Token clause) {
        c.expect("(", "'(' after " + clause.text());
        do {
            Variable v = variable(c, scope);
            if (!into.contains(v)) {
                into.add(v);
            }
        } while (c.accept(","));
        c.expect(")", "',' or ')' in the " + clause.text() + " list");
    }

    private static Variable variable(Cursor c, Scope scope) {
        Token n = c.expectName("a variable name");
        if (!(scope.lookup(n.text()) instanceof Scope.Var v)) {
            throw c.at(n, "undeclared-variable.openmp-clause-variable", "text", n.text());
        }
        return v.variable();
    }

    private static OmpParallelFor.Reduction reduction(Cursor c, Scope scope, Token clause) {
        c.expect("(", "'(' after reduction");
        Token op = c.next();
        String cOp = switch (op.kind() == Token.Kind.DOTOP ? "." + op.text() + "." : op.text()) {
            case "+" -> "+";
            case "-" -> "-";
            case "*" -> "*";
            case "max" -> "max";
            case "min" -> "min";
            case ".and." -> "&&";
            case ".or." -> "||";
            case "iand" -> "&";
            case "ior" -> "|";
            case "ieor" -> "^";
            default -> throw c.at(op, "unsupported-omp-clause.reduction-operator-supported", "spelling",
                    Cursor.spelling(op));
        };
        c.expect(":", "':' after the reduction operator");
        List<Variable> vars = new ArrayList<>();
        do {
            Variable v = variable(c, scope);
            if (!vars.contains(v)) {
                vars.add(v);
            }
        } while (c.accept(","));
        c.expect(")", "',' or ')' in the reduction list");
        return new OmpParallelFor.Reduction(cOp, vars);
    }

    /** The clause argument as text, tokens separated the way the printers write them ({@code static, 4}). */
    private static String verbatim(Cursor c, Token clause) {
        c.expect("(", "'(' after " + clause.text());
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        while (true) {
            Token t = c.next();
            if (t.isOp("(")) {
                depth++;
            } else if (t.isOp(")")) {
                if (depth-- == 0) {
                    break;
                }
            }
            if (t.isOp(",")) {
                sb.append(", ");
            } else {
                sb.append(t.kind() == Token.Kind.INT ? t.text().replaceAll("_.*", "") : t.text());
            }
        }
        return sb.toString();
    }
}
