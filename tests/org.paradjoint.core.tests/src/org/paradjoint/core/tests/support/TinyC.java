package org.paradjoint.core.tests.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A test-only reader of a small C subset into the IR, so that tests can state kernels as C
 * text instead of building records by hand. It maps constructs the way the CDT front-end does
 * ({@code double *y} is a rank-1 array of unknown extent, {@code *y} is {@code y[0]},
 * function-level declarations become locals with their initialisers as assignments) and keeps
 * block-level declarations as {@link Decl}. Supported: functions; parameters {@code double a},
 * {@code double *y}, {@code double (*a)[64]}, {@code double u[n][n]}; for/if/else/blocks/return;
 * assignments ({@code = += -= *= /=}, {@code ++}, {@code --}); calls; casts; {@code ?:};
 * {@code #pragma omp parallel for} with private/firstprivate/shared/reduction/schedule/
 * collapse/default clauses; {@code #pragma ad gradient|tangent|stencil adjoint|checkpoint}.
 * Not a real C parser: tests only.
 */
public final class TinyC {

    private final String file;
    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;
    private List<Tok> toks;
    private int k;
    private Map<String, Variable> scope;
    private List<AdPragma> fnPragmas;
    private final List<Function> functions = new ArrayList<>();

    private record Tok(String kind, String text, int line, int col, int offset) {
    }

    private TinyC(String file, String src) {
        this.file = file;
        this.src = src;
    }

    public static TranslationUnit parse(String file, String src) {
        TinyC p = new TinyC(file, src);
        p.toks = p.lex();
        while (!p.at("EOF")) {
            p.functions.add(p.function());
        }
        return new TranslationUnit(file, TranslationUnit.Language.C, p.functions);
    }

    /** The single function of a one-function unit. */
    public static Function parseFunction(String src) {
        return parse("test.c", src).functions().get(0);
    }

    // ---- lexer ----------------------------------------------------------------------------

    private List<Tok> lex() {
        List<Tok> out = new ArrayList<>();
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                for (int q = pos; q < end; q++) {
                    if (src.charAt(q) == '\n') {
                        line++;
                        lineStart = q + 1;
                    }
                }
                pos = end + 2;
            } else if (src.startsWith("//", pos)) {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == '#') {
                int start = pos;
                StringBuilder text = new StringBuilder();
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    if (src.charAt(pos) == '\\' && pos + 1 < src.length() && src.charAt(pos + 1) == '\n') {
                        pos += 2;
                        line++;
                        lineStart = pos;
                        text.append(' ');
                        continue;
                    }
                    text.append(src.charAt(pos++));
                }
                String t = text.toString().trim();
                if (t.startsWith("#pragma")) {
                    out.add(new Tok("PRAGMA", t.substring(7).trim(), line, start - lineStart + 1, start));
                }
            } else if (Character.isDigit(c) || c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1))) {
                int start = pos;
                boolean real = false;
                while (pos < src.length()) {
                    char d = src.charAt(pos);
                    if (Character.isDigit(d)) {
                        pos++;
                    } else if (d == '.') {
                        real = true;
                        pos++;
                    } else if ((d == 'e' || d == 'E')) {
                        real = true;
                        pos++;
                        if (src.charAt(pos) == '+' || src.charAt(pos) == '-') {
                            pos++;
                        }
                    } else {
                        break;
                    }
                }
                out.add(new Tok(real ? "REAL" : "INT", src.substring(start, pos), line, start - lineStart + 1, start));
            } else if (Character.isJavaIdentifierStart(c)) {
                int start = pos;
                while (pos < src.length() && Character.isJavaIdentifierPart(src.charAt(pos))) {
                    pos++;
                }
                out.add(new Tok("ID", src.substring(start, pos), line, start - lineStart + 1, start));
            } else {
                String[] ops = {"<<=", ">>=", "+=", "-=", "*=", "/=", "++", "--", "<=", ">=", "==", "!=", "&&", "||"};
                String op = String.valueOf(c);
                for (String o : ops) {
                    if (src.startsWith(o, pos)) {
                        op = o;
                        break;
                    }
                }
                out.add(new Tok("OP", op, line, pos - lineStart + 1, pos));
                pos += op.length();
            }
        }
        out.add(new Tok("EOF", "", line, 1, pos));
        return out;
    }

    private Tok peek() {
        return toks.get(k);
    }

    private Tok peek(int ahead) {
        return toks.get(Math.min(k + ahead, toks.size() - 1));
    }

    private boolean at(String kindOrText) {
        Tok t = peek();
        return t.kind().equals(kindOrText) || (t.kind().equals("OP") || t.kind().equals("ID")) && t.text().equals(kindOrText);
    }

    private Tok next() {
        return toks.get(k++);
    }

    private Tok expect(String text) {
        Tok t = next();
        if (!t.text().equals(text)) {
            throw new IllegalArgumentException(file + ":" + t.line() + ":" + t.col() + ": expected '" + text
                    + "', found '" + t.text() + "'");
        }
        return t;
    }

    private boolean accept(String text) {
        if (peek().text().equals(text) && !peek().kind().equals("PRAGMA")) {
            k++;
            return true;
        }
        return false;
    }

    private SourceRange range(Tok start) {
        Tok end = toks.get(Math.max(k - 1, 0));
        int endOff = end.offset() + end.text().length();
        return new SourceRange(file, start.line(), start.col(), end.line(), end.col() + end.text().length(),
                start.offset(), Math.max(0, endOff - start.offset()));
    }

    // ---- declarations ---------------------------------------------------------------------

    private static BaseType type(String t) {
        return switch (t) {
            case "int" -> BaseType.INT;
            case "long" -> BaseType.LONG;
            case "double" -> BaseType.DOUBLE;
            case "float" -> BaseType.FLOAT;
            default -> null;
        };
    }

    private boolean atType() {
        return at("const") || at("static") || peek().kind().equals("ID") && (type(peek().text()) != null
                || peek().text().equals("void"));
    }

    private Function function() {
        Tok start = peek();
        boolean isStatic = accept("static");
        String rt = next().text();
        Tok name = next();
        scope = new LinkedHashMap<>();
        fnPragmas = new ArrayList<>();
        expect("(");
        List<Variable> params = new ArrayList<>();
        if (!accept(")")) {
            if (at("void") && peek(1).text().equals(")")) {
                next();
                next();
            } else {
                do {
                    Variable v = declarator(Variable.Kind.PARAMETER, null);
                    params.add(v);
                    scope.put(v.name(), v);
                } while (accept(","));
                expect(")");
            }
        }
        params.forEach(p -> scope.put(p.name(), p));
        expect("{");
        List<Variable> locals = new ArrayList<>();
        List<Stmt> body = new ArrayList<>();
        while (atType()) {
            localDecl(locals, body, false);
        }
        while (!accept("}")) {
            body.addAll(stmt());
        }
        return new Function(name.text(), rt.equals("void") ? null : type(rt), params, locals, new Block(body),
                fnPragmas, isStatic, null, range(start));
    }

    /** One declarator after its type; {@code base} is non-null for the second and later of a list. */
    private Variable declarator(Variable.Kind kind, Object[] base) {
        boolean isConst = false;
        BaseType t;
        Tok start = peek();
        if (base == null) {
            isConst = accept("const");
            t = type(next().text());
            isConst |= accept("const");
        } else {
            isConst = (Boolean) base[0];
            t = (BaseType) base[1];
        }
        List<Dim> dims = new ArrayList<>();
        String name;
        if (accept("*")) {
            name = next().text();
            dims.add(Dim.c(null));
        } else if (accept("(")) {
            expect("*");
            name = next().text();
            expect(")");
            dims.add(Dim.c(null));
        } else {
            name = next().text();
        }
        while (accept("[")) {
            if (accept("]")) {
                dims.add(Dim.c(null));
            } else {
                dims.add(Dim.c(expr()));
                expect("]");
            }
        }
        return new Variable(name, t, dims, kind, isConst, Layout.ROW_MAJOR, range(start));
    }

    private void localDecl(List<Variable> locals, List<Stmt> out, boolean block) {
        accept("static");
        boolean isConst = accept("const");
        BaseType t = type(next().text());
        Object[] base = {isConst, t};
        do {
            Tok start = peek();
            Variable v = declarator(Variable.Kind.LOCAL, base);
            scope.put(v.name(), v);
            Expr init = accept("=") ? expr() : null;
            if (block) {
                out.add(new Decl(v, init, range(start)));
            } else {
                locals.add(v);
                if (init != null) {
                    out.add(new Assign(new VarRef(v), Assign.Op.SET, init, false, List.of(), range(start)));
                }
            }
        } while (accept(","));
        expect(";");
    }

    // ---- statements ---------------------------------------------------------------------

    private List<Stmt> stmt() {
        List<AdPragma> pragmas = new ArrayList<>();
        OmpParallelFor omp = null;
        while (at("PRAGMA")) {
            Tok p = next();
            String text = p.text();
            SourceRange r = new SourceRange(file, p.line(), p.col(), p.line(), p.col() + text.length(), p.offset(),
                    text.length());
            if (text.startsWith("omp parallel for")) {
                omp = omp(text.substring("omp parallel for".length()), r);
            } else if (text.startsWith("omp atomic")) {
                pragmas.add(null);
            } else if (text.startsWith("ad ")) {
                AdPragma ap = adPragma(text.substring(3).trim(), r);
                pragmas.add(ap);
                fnPragmas.add(ap);
            }
        }
        boolean atomic = pragmas.remove(null);
        Tok start = peek();
        if (atType()) {
            List<Stmt> out = new ArrayList<>();
            localDecl(null, out, true);
            return out;
        }
        if (accept("for")) {
            expect("(");
            Variable counter = var(next().text());
            expect("=");
            Expr lower = expr();
            expect(";");
            next();
            Binary.Op cmp = switch (next().text()) {
                case "<" -> Binary.Op.LT;
                case "<=" -> Binary.Op.LE;
                case ">" -> Binary.Op.GT;
                case ">=" -> Binary.Op.GE;
                case "!=" -> Binary.Op.NE;
                default -> throw new IllegalArgumentException("loop condition at line " + start.line());
            };
            Expr bound = expr();
            expect(";");
            Expr step;
            if (accept("++")) {
                next();
                step = new IntLit(1);
            } else if (accept("--")) {
                next();
                step = new IntLit(-1);
            } else {
                next();
                if (accept("++")) {
                    step = new IntLit(1);
                } else if (accept("--")) {
                    step = new IntLit(-1);
                } else if (accept("+=")) {
                    step = expr();
                } else if (accept("-=")) {
                    step = negate(expr());
                } else {
                    expect("=");
                    next();
                    String op = next().text();
                    step = op.equals("+") ? expr() : negate(expr());
                }
            }
            expect(")");
            Block body = asBlock(stmt());
            return List.of(new For(counter, lower, cmp, bound, step, body, omp, pragmas, range(start)));
        }
        if (accept("if")) {
            expect("(");
            Expr c = expr();
            expect(")");
            Block then = asBlock(stmt());
            Block otherwise = accept("else") ? asBlock(stmt()) : null;
            return List.of(new If(c, then, otherwise, range(start)));
        }
        if (accept("{")) {
            Map<String, Variable> saved = new LinkedHashMap<>(scope);
            List<Stmt> body = new ArrayList<>();
            while (!accept("}")) {
                body.addAll(stmt());
            }
            scope = saved;
            return List.of(new Block(body, range(start)));
        }
        if (accept("return")) {
            Expr v = at(";") ? null : expr();
            expect(";");
            return List.of(new Return(v, range(start)));
        }
        if (peek().kind().equals("ID") && peek(1).text().equals("(")) {
            Call c = (Call) postfix();
            expect(";");
            return List.of(new CallStmt(c, range(start)));
        }
        LValue target = (LValue) unary();
        Assign.Op op;
        Expr value;
        if (accept("++")) {
            op = Assign.Op.ADD;
            value = new IntLit(1);
        } else if (accept("--")) {
            op = Assign.Op.SUB;
            value = new IntLit(1);
        } else {
            op = switch (next().text()) {
                case "=" -> Assign.Op.SET;
                case "+=" -> Assign.Op.ADD;
                case "-=" -> Assign.Op.SUB;
                case "*=" -> Assign.Op.MUL;
                case "/=" -> Assign.Op.DIV;
                default -> throw new IllegalArgumentException("assignment at line " + start.line());
            };
            value = expr();
        }
        expect(";");
        return List.of(new Assign(target, op, value, atomic, pragmas, range(start)));
    }

    private static Expr negate(Expr e) {
        return e instanceof IntLit l ? new IntLit(-l.value()) : new Unary(Unary.Op.NEG, e);
    }

    private static Block asBlock(List<Stmt> s) {
        if (s.size() == 1 && s.get(0) instanceof Block b) {
            return b;
        }
        return new Block(s);
    }

    private Variable var(String name) {
        Variable v = scope.get(name);
        if (v == null) {
            throw new IllegalArgumentException("unknown variable " + name);
        }
        return v;
    }

    private List<String> names(String list) {
        List<String> out = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    private List<Variable> vars(String list) {
        return names(list).stream().map(this::var).toList();
    }

    private OmpParallelFor omp(String clauses, SourceRange r) {
        List<Variable> priv = new ArrayList<>();
        List<Variable> first = new ArrayList<>();
        List<Variable> shared = new ArrayList<>();
        List<OmpParallelFor.Reduction> red = new ArrayList<>();
        String schedule = null;
        String dflt = null;
        int collapse = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+)\\s*\\(([^)]*)\\)").matcher(clauses);
        while (m.find()) {
            String arg = m.group(2).trim();
            switch (m.group(1)) {
                case "private" -> priv.addAll(vars(arg));
                case "firstprivate" -> first.addAll(vars(arg));
                case "shared" -> shared.addAll(vars(arg));
                case "reduction" -> {
                    int colon = arg.indexOf(':');
                    red.add(new OmpParallelFor.Reduction(arg.substring(0, colon).trim(), vars(arg.substring(colon + 1))));
                }
                case "schedule" -> schedule = arg;
                case "default" -> dflt = arg;
                case "collapse" -> collapse = Integer.parseInt(arg);
                default -> throw new IllegalArgumentException("clause " + m.group(1));
            }
        }
        return new OmpParallelFor(priv, first, shared, red, schedule, collapse, dflt, r);
    }

    private AdPragma adPragma(String text, SourceRange r) {
        if (text.startsWith("checkpoint")) {
            String[] parts = text.substring(text.indexOf('(') + 1, text.lastIndexOf(')')).split(",");
            if (parts.length == 1) {
                return new AdPragma.Checkpoint(null, r);
            }
            String snaps = parts[1].trim();
            return new AdPragma.Checkpoint(Character.isDigit(snaps.charAt(0)) ? new IntLit(Long.parseLong(snaps))
                    : new VarRef(var(snaps)), r);
        }
        int open = text.indexOf('(');
        int close = text.lastIndexOf(')');
        String head = text.substring(0, open).trim();
        String args = text.substring(open + 1, close);
        if (head.equals("gradient") || head.equals("tangent")) {
            int colon = args.indexOf(':');
            List<String> deps = names(args.substring(0, colon));
            List<String> indeps = names(args.substring(colon + 1));
            return head.equals("gradient") ? new AdPragma.Gradient(deps, indeps, r)
                    : new AdPragma.Tangent(deps, indeps, r);
        }
        if (head.equals("stencil adjoint")) {
            List<AdPragma.StencilAdjoint.Mapping> ms = new ArrayList<>();
            for (String m : names(args)) {
                String[] kv = m.split(":");
                ms.add(new AdPragma.StencilAdjoint.Mapping(kv[0].trim(), kv[1].trim()));
            }
            return new AdPragma.StencilAdjoint(ms, null, r);
        }
        throw new IllegalArgumentException("ad pragma " + text);
    }

    // ---- expressions --------------------------------------------------------------------

    private Expr expr() {
        Tok start = peek();
        Expr c = binary(4);
        if (accept("?")) {
            Expr a = expr();
            expect(":");
            Expr b = expr();
            return new Cond(c, a, b, range(start));
        }
        return c;
    }

    private static Binary.Op binop(String text) {
        for (Binary.Op op : Binary.Op.values()) {
            if (op.symbol.equals(text)) {
                return op;
            }
        }
        return null;
    }

    private Expr binary(int minPrec) {
        Tok start = peek();
        Expr left = unary();
        while (true) {
            Tok t = peek();
            Binary.Op op = t.kind().equals("OP") ? binop(t.text()) : null;
            if (op == null || op.precedence < minPrec) {
                return left;
            }
            next();
            Expr right = binary(op.precedence + 1);
            left = new Binary(op, left, right, range(start));
        }
    }

    private Expr unary() {
        Tok start = peek();
        if (accept("-")) {
            Expr o = unary();
            return new Unary(Unary.Op.NEG, o, range(start));
        }
        if (accept("+")) {
            return unary();
        }
        if (accept("!")) {
            return new Unary(Unary.Op.NOT, unary(), range(start));
        }
        if (accept("*")) {
            Variable v = var(next().text());
            return new ArrayRef(v, List.of(new IntLit(0)), range(start));
        }
        if (at("(") && type(peek(1).text()) != null && peek(2).text().equals(")")) {
            next();
            BaseType t = type(next().text());
            next();
            return new Cast(t, unary(), range(start));
        }
        return postfix();
    }

    private Expr postfix() {
        Tok start = peek();
        Tok t = next();
        switch (t.kind()) {
            case "INT":
                return new IntLit(Long.parseLong(t.text()), range(start));
            case "REAL":
                return new RealLit(Double.parseDouble(t.text()), t.text(), range(start));
            case "OP":
                if (t.text().equals("(")) {
                    Expr e = expr();
                    expect(")");
                    return e;
                }
                throw new IllegalArgumentException(file + ":" + t.line() + ": unexpected " + t.text());
            default:
                break;
        }
        if (accept("(")) {
            List<Expr> args = new ArrayList<>();
            if (!accept(")")) {
                do {
                    args.add(expr());
                } while (accept(","));
                expect(")");
            }
            return new Call(t.text(), args, range(start));
        }
        Variable v = var(t.text());
        if (at("[")) {
            List<Expr> idx = new ArrayList<>();
            while (accept("[")) {
                idx.add(expr());
                expect("]");
            }
            return new ArrayRef(v, idx, range(start));
        }
        return new VarRef(v, range(start));
    }
}
