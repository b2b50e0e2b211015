package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Variable;

/**
 * {@code !$omp} directives: {@code parallel do} with its clauses ({@code private},
 * {@code firstprivate}, {@code shared}, {@code reduction}, {@code schedule}, {@code collapse},
 * {@code default}), {@code end parallel do}, {@code atomic} before an update, and the directives of
 * a parallel region: {@code parallel} ... {@code end parallel} (data-sharing and reduction
 * clauses), {@code do} ({@code private}, {@code firstprivate}, {@code reduction}, {@code schedule},
 * {@code collapse}) with {@code end do [nowait]}, {@code barrier}, {@code single} ...
 * {@code end single [nowait]}, {@code master}/{@code masked} ... {@code end master}/{@code end
 * masked}, {@code critical [(name)]} ... {@code end critical [(name)]}, {@code sections}
 * ({@code private}, {@code firstprivate}, {@code reduction}) with {@code section} lines ...
 * {@code end sections [nowait]}, and {@code parallel sections} ... {@code end parallel sections}. Reduction operators are
 * stored in C spelling ({@code .and.} is {@code &&}, {@code iand} is {@code &}). Any other
 * directive or clause is a located error.
 */
final class OmpDirective {

    enum Kind {
        PARALLEL_DO("parallel do"), END_PARALLEL_DO("end parallel do"), ATOMIC("atomic"), PARALLEL("parallel"),
        END_PARALLEL("end parallel"), DO("do"), END_DO("end do"), BARRIER("barrier"), SINGLE("single"),
        END_SINGLE("end single"), MASTER("master"), END_MASTER("end master"), MASKED("masked"),
        END_MASKED("end masked"), CRITICAL("critical"), END_CRITICAL("end critical"), SECTIONS("sections"),
        END_SECTIONS("end sections"), SECTION("section"), PARALLEL_SECTIONS("parallel sections"),
        END_PARALLEL_SECTIONS("end parallel sections"), ORDERED("ordered"), END_ORDERED("end ordered");

        final String spelling;

        Kind(String spelling) {
            this.spelling = spelling;
        }

        /** The {@code end} directive of a block construct; null for the others. */
        Kind end() {
            return switch (this) {
                case PARALLEL -> END_PARALLEL;
                case SINGLE -> END_SINGLE;
                case MASTER -> END_MASTER;
                case MASKED -> END_MASKED;
                case CRITICAL -> END_CRITICAL;
                case SECTIONS -> END_SECTIONS;
                case PARALLEL_SECTIONS -> END_PARALLEL_SECTIONS;
                case ORDERED -> END_ORDERED;
                default -> null;
            };
        }

        boolean isEnd() {
            return spelling.startsWith("end ");
        }
    }

    /**
     * A directive: its clauses (for {@code parallel do}, {@code parallel} and {@code do}),
     * {@code nowait} (on {@code end do} and {@code end single}), the name of a critical section or
     * the form of an {@code atomic} ({@code update}, {@code read}, {@code write}); {@code ordered}:
     * a loop directive's {@code ordered} clause (its body may hold {@code !$omp ordered}).
     */
    record Parsed(Kind kind, OmpParallelFor clauses, boolean nowait, String name, boolean ordered,
            LogicalLine line) {
        Parsed(Kind kind, OmpParallelFor clauses, boolean nowait, String name, LogicalLine line) {
            this(kind, clauses, nowait, name, false, line);
        }

        Parsed(Kind kind, OmpParallelFor clauses, LogicalLine line) {
            this(kind, clauses, false, null, line);
        }

        /** {@code atomic read} or {@code atomic write}: the plain access ({@code name} holds the form). */
        boolean isAtomicAccess() {
            return kind == Kind.ATOMIC && ("read".equals(name) || "write".equals(name));
        }
    }

    private static final Set<String> KNOWN_UNSUPPORTED_CLAUSES = Set.of("lastprivate", "num_threads", "if",
            "ordered", "proc_bind", "copyin", "linear", "allocate", "order", "copyprivate", "nowait");
    private static final Set<String> ON_PARALLEL_DO = Set.of("private", "firstprivate", "shared", "reduction",
            "schedule", "collapse", "default");
    private static final Set<String> ON_PARALLEL = Set.of("private", "firstprivate", "shared", "reduction",
            "default");
    private static final Set<String> ON_DO = Set.of("private", "firstprivate", "reduction", "schedule", "collapse");
    private static final Set<String> ON_SECTIONS = Set.of("private", "firstprivate", "reduction");
    private static final List<String> WORDS = List.of("parallel", "do", "single", "master", "masked", "critical",
            "sections", "ordered");

    private OmpDirective() {
    }

    /** The words that name the directive, {@code end} split off ({@code enddo}, {@code endparallel}). */
    private static List<String> words(LogicalLine l) {
        List<String> out = new ArrayList<>();
        for (Token t : l.tokens()) {
            if (!t.isName() || out.size() == 3) {
                break;
            }
            String w = t.text();
            if (out.isEmpty() && w.startsWith("end") && WORDS.contains(w.substring(3))) {
                out.add("end");
                w = w.substring(3);
            } else if (out.isEmpty() && w.equals("endparalleldo")) {
                out.add("end");
                w = "paralleldo";
            }
            if (w.equals("paralleldo")) {
                out.add("parallel");
                w = "do";
            }
            out.add(w);
        }
        return out;
    }

    /** The directive's kind, without resolving clauses (for recognising block ends). */
    static Kind kindOf(LogicalLine l) {
        List<String> w = words(l);
        if (w.isEmpty()) {
            return null;
        }
        boolean end = w.get(0).equals("end");
        List<String> rest = end ? w.subList(1, w.size()) : w;
        if (rest.isEmpty()) {
            return null;
        }
        if (rest.size() >= 2 && rest.get(0).equals("parallel") && rest.get(1).equals("do")) {
            return end ? Kind.END_PARALLEL_DO : Kind.PARALLEL_DO;
        }
        if (rest.size() >= 2 && rest.get(0).equals("parallel") && rest.get(1).equals("sections")) {
            return end ? Kind.END_PARALLEL_SECTIONS : Kind.PARALLEL_SECTIONS;
        }
        return switch (rest.get(0)) {
            case "parallel" -> end ? Kind.END_PARALLEL : Kind.PARALLEL;
            case "do" -> end ? Kind.END_DO : Kind.DO;
            case "single" -> end ? Kind.END_SINGLE : Kind.SINGLE;
            case "master" -> end ? Kind.END_MASTER : Kind.MASTER;
            case "masked" -> end ? Kind.END_MASKED : Kind.MASKED;
            case "critical" -> end ? Kind.END_CRITICAL : Kind.CRITICAL;
            case "sections" -> end ? Kind.END_SECTIONS : Kind.SECTIONS;
            case "section" -> end ? null : Kind.SECTION;
            case "atomic" -> end ? null : Kind.ATOMIC;
            case "barrier" -> end ? null : Kind.BARRIER;
            case "ordered" -> end ? Kind.END_ORDERED : Kind.ORDERED;
            default -> null;
        };
    }

    static Parsed parse(LogicalLine l, Scope scope, SourceText src) {
        Cursor c = new Cursor(l, src);
        Kind kind = kindOf(l);
        if (kind == null) {
            throw unsupported(c, l);
        }
        // skip the tokens that name the directive
        int words = kind.spelling.split(" ").length;
        int at = 0;
        for (int seen = 0; seen < words; at++) {
            seen += wordsIn(l.tokens().get(at).text());
        }
        c.seek(at);
        String spelled = "!$omp " + kind.spelling;
        switch (kind) {
            case ORDERED -> {
                // threads is the default; depend/doacross (cross-iteration dependences) and simd are not read
                if (c.peekName("threads")) {
                    c.next();
                }
                if (!c.atEnd()) {
                    throw c.atNext("unsupported-omp.ordered-clause", "clause", c.peek().text());
                }
                return new Parsed(kind, null, l);
            }
            case END_PARALLEL_DO -> {
                skipSimd(c);
                c.expectEnd(spelled + " [simd]");
                return new Parsed(kind, null, l);
            }
            case END_PARALLEL, BARRIER, MASTER, END_MASTER, MASKED, END_MASKED, SECTION,
                    END_PARALLEL_SECTIONS, END_ORDERED -> {
                c.expectEnd(spelled);
                return new Parsed(kind, null, l);
            }
            case END_DO, END_SINGLE, END_SECTIONS -> {
                if (kind == Kind.END_DO) {
                    skipSimd(c);
                }
                boolean nowait = c.peekName("nowait");
                if (nowait) {
                    c.next();
                }
                c.expectEnd(spelled + " [nowait]");
                return new Parsed(kind, null, nowait, null, l);
            }
            case SINGLE -> {
                if (!c.atEnd()) {
                    Token t = c.peek();
                    throw c.at(t, "unsupported-omp-clause.fortran-directive", "clause", t.text(), "directive",
                            kind.spelling, "supported", "none");
                }
                return new Parsed(kind, null, l);
            }
            case CRITICAL, END_CRITICAL -> {
                String name = null;
                if (c.accept("(")) {
                    name = c.expectName("the name of the critical section").text();
                    c.expect(")", "')' after the name of the critical section");
                }
                c.expectEnd(spelled + " [(name)]");
                return new Parsed(kind, null, false, name, l);
            }
            case ATOMIC -> {
                String form = "update";
                for (String f : List.of("update", "read", "write", "capture")) {
                    if (c.peekName(f)) {
                        c.next();
                        form = f;
                        break;
                    }
                }
                if (form.equals("capture")) {
                    throw c.error("unsupported-omp.omp", "what", "atomic capture", "hint",
                            "the value it captures depends on the order in which the threads run; compute it "
                                    + "from the loop counter instead");
                }
                c.expectEnd("!$omp atomic [update|read|write]");
                return new Parsed(kind, null, false, form, l);
            }
            case PARALLEL, PARALLEL_SECTIONS -> {
                return new Parsed(kind, clauses(c, scope, l, kind, ON_PARALLEL), l);
            }
            case SECTIONS -> {
                return new Parsed(kind, clauses(c, scope, l, kind, ON_SECTIONS), l);
            }
            case DO -> {
                skipSimd(c);
                boolean[] ordered = {false};
                OmpParallelFor clauses = clauses(c, scope, l, kind, ON_DO, ordered);
                return new Parsed(kind, clauses, false, null, ordered[0], l);
            }
            default -> {
                skipSimd(c);
                boolean[] ordered = {false};
                OmpParallelFor clauses = clauses(c, scope, l, kind, ON_PARALLEL_DO, ordered);
                return new Parsed(kind, clauses, false, null, ordered[0], l);
            }
        }
    }

    /**
     * Steps over {@code simd} after {@code parallel do} or {@code do} (and their ends): it only lets
     * the compiler vectorise a race-free loop's chunks, which changes nothing the derivatives depend
     * on, so the loop is read, and its derivatives written, as a {@code parallel do} or {@code do}.
     */
    private static void skipSimd(Cursor c) {
        if (c.peekName("simd")) {
            c.next();
        }
    }

    /** How many directive words one token holds ({@code enddo}: 2, {@code endparalleldo}: 3). */
    private static int wordsIn(String token) {
        int n = 1;
        String w = token;
        if (w.startsWith("end") && !w.equals("end")) {
            n++;
            w = w.substring(3);
        }
        return w.equals("paralleldo") ? n + 1 : n;
    }

    private static RuntimeException unsupported(Cursor c, LogicalLine l) {
        String what = l.tokens().isEmpty() ? "" : l.tokens().get(0).text();
        if (what.isEmpty()) {
            return c.error("unsupported-omp.empty-omp-directive");
        }
        String hint = switch (what) {
            case "task", "taskloop", "taskwait", "taskgroup", "workshare",
                    "simd", "flush", "teams", "target", "distribute", "loop", "scope", "threadprivate" ->
                "this construct is not supported; supported: '!$omp parallel do', '!$omp atomic', and parallel "
                        + "regions with '!$omp do', 'sections', 'barrier', 'single', 'master', 'masked' and 'critical'";
            default -> "only '!$omp parallel do', '!$omp atomic', and parallel regions ('!$omp parallel' ... "
                    + "'!$omp end parallel') with '!$omp do', 'sections', 'barrier', 'single', 'master', 'masked' and "
                    + "'critical' are supported";
        };
        return c.error("unsupported-omp.omp", "what", what, "hint", hint);
    }

    private static OmpParallelFor clauses(Cursor c, Scope scope, LogicalLine l, Kind kind, Set<String> allowed) {
        return clauses(c, scope, l, kind, allowed, null);
    }

    /** {@code ordered}: where a loop directive's {@code ordered} clause is recorded (null where none may stand). */
    private static OmpParallelFor clauses(Cursor c, Scope scope, LogicalLine l, Kind kind, Set<String> allowed,
            boolean[] ordered) {
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
            if (ordered != null && clause.text().equals("ordered")) {
                if (c.peekIs("(")) {
                    throw c.at(clause, "unsupported-omp.ordered-clause", "clause", "ordered(n)");
                }
                ordered[0] = true;
                continue;
            }
            if (kind != Kind.PARALLEL_DO && !allowed.contains(clause.text())
                    && (ON_PARALLEL_DO.contains(clause.text()) || KNOWN_UNSUPPORTED_CLAUSES.contains(clause.text()))) {
                throw c.at(clause, "unsupported-omp-clause.fortran-directive", "clause", clause.text(), "directive",
                        kind.spelling, "supported", String.join(", ", allowed.stream().sorted().toList()));
            }
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
