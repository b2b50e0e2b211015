package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.UnknownFunctions;

/**
 * Fortran expressions to IR, by the precedence levels of the standard: {@code .eqv.} and
 * {@code .neqv.} (lowest), {@code .or.}, {@code .and.}, {@code .not.}, relational operators
 * (not chainable), {@code +}/{@code -} with a leading sign that binds like binary minus
 * ({@code -a*b} is {@code -(a*b)}), {@code *}/{@code /}, {@code **} (right-associative).
 * Intrinsics are spelled the IR's way (see {@link Intrinsics}); {@code x**k} is {@code pow(x, k)}
 * for a real base and a product for an integer base with a small literal exponent. A sign
 * directly before a literal makes a negative literal ({@code -2.0}), so that the printer's
 * {@code (-2.0d0)} reads back as the same tree.
 */
public final class ExprParser {
    private final Scope scope;
    private final Reporter reporter;
    private final Intrinsics intrinsics;
    private Cursor c;
    /**
     * Whether {@code omp_get_thread_num()} and {@code omp_get_num_threads()} are read as calls:
     * only at the level of a parallel region, whose lowering gives them values (core's
     * {@code ThreadPhases}); elsewhere they remain unsupported intrinsics.
     */
    private boolean threadQueries;

    public ExprParser(Scope scope, Reporter reporter) {
        this.scope = scope;
        this.reporter = reporter;
        this.intrinsics = new Intrinsics(this);
    }

    Scope scope() {
        return scope;
    }

    /** Reads the thread-number queries as calls from now on ({@code true}) or not; returns the previous setting. */
    boolean readThreadQueries(boolean on) {
        boolean was = threadQueries;
        threadQueries = on;
        return was;
    }

    /** One expression from the cursor's position; the cursor ends after it. */
    public Expr parse(Cursor cursor) {
        Cursor saved = c;
        c = cursor;
        try {
            return equiv();
        } finally {
            c = saved;
        }
    }

    /** An actual argument of a procedure call: a whole array is allowed. */
    Expr argument(Cursor cursor) {
        Token t = cursor.peek();
        Token after = cursor.peek(1);
        if (t != null && t.isName() && (after == null || after.isOp(",") || after.isOp(")"))
                && scope.variable(t.text()) instanceof Scope.Var v && v.variable().isArray()) {
            cursor.next();
            return new VarRef(v.variable(), range(t.start(), t.end()));
        }
        return parse(cursor);
    }

    SourceRange range(int start, int end) {
        return c == null ? reporter.src().range(start, end) : c.src().range(start, end);
    }

    private SourceRange from(int start) {
        return c.src().range(start, c.prevEnd());
    }

    // ---- levels -------------------------------------------------------------------------------

    private Expr equiv() {
        int start = c.nextStart();
        Expr e = or();
        while (c.peek() != null && c.peek().kind() == Token.Kind.DOTOP
                && (c.peek().text().equals("eqv") || c.peek().text().equals("neqv"))) {
            Binary.Op op = c.next().text().equals("eqv") ? Binary.Op.EQ : Binary.Op.NE;
            Expr r = or();
            e = new Binary(op, e, r, from(start));
        }
        return e;
    }

    private Expr or() {
        return dotOpChain("or", Binary.Op.OR, this::and);
    }

    private Expr and() {
        return dotOpChain("and", Binary.Op.AND, this::not);
    }

    /** {@code operand (.word. operand)*}, left-associative. */
    private Expr dotOpChain(String word, Binary.Op op, Supplier<Expr> operand) {
        int start = c.nextStart();
        Expr e = operand.get();
        while (isDotOp(word)) {
            c.next();
            e = new Binary(op, e, operand.get(), from(start));
        }
        return e;
    }

    private Expr not() {
        int start = c.nextStart();
        if (isDotOp("not")) {
            c.next();
            Expr o = not();
            return new Unary(Unary.Op.NOT, o, from(start));
        }
        return relational();
    }

    private boolean isDotOp(String op) {
        Token t = c.peek();
        return t != null && t.kind() == Token.Kind.DOTOP && t.text().equals(op);
    }

    private Expr relational() {
        int start = c.nextStart();
        Expr e = concat();
        Binary.Op op = relOp(c.peek());
        if (op == null) {
            return e;
        }
        c.next();
        Expr r = concat();
        e = new Binary(op, e, r, from(start));
        if (relOp(c.peek()) != null) {
            throw c.atNext("syntax-error.comparisons-chained-fortran");
        }
        return e;
    }

    private static Binary.Op relOp(Token t) {
        if (t == null) {
            return null;
        }
        String s = t.kind() == Token.Kind.DOTOP ? t.text() : t.kind() == Token.Kind.OP ? t.text() : "";
        return switch (s) {
            case "lt", "<" -> Binary.Op.LT;
            case "le", "<=" -> Binary.Op.LE;
            case "gt", ">" -> Binary.Op.GT;
            case "ge", ">=" -> Binary.Op.GE;
            case "eq", "==" -> Binary.Op.EQ;
            case "ne", "/=" -> Binary.Op.NE;
            default -> null;
        };
    }

    private Expr concat() {
        Expr e = additive();
        if (c.peekIs("//")) {
            throw c.atNext("unsupported-operator.character-concatenation-supported");
        }
        return e;
    }

    private Expr additive() {
        int start = c.nextStart();
        Expr e;
        if (c.peekIs("+") || c.peekIs("-")) {
            boolean minus = c.next().text().equals("-");
            Token first = c.peek();
            Expr o = term();
            e = minus ? negate(o, first, start) : o;
        } else {
            e = term();
        }
        while (c.peekIs("+") || c.peekIs("-")) {
            Binary.Op op = c.next().text().equals("+") ? Binary.Op.ADD : Binary.Op.SUB;
            noSignAfterOperator();
            e = new Binary(op, e, term(), from(start));
        }
        return e;
    }

    /** {@code -literal} folds into a negative literal; anything else is a negation. */
    private Expr negate(Expr o, Token first, int start) {
        boolean literalToken = first != null && (first.kind() == Token.Kind.INT || first.kind() == Token.Kind.REAL);
        if (literalToken && o instanceof IntLit l) {
            return new IntLit(-l.value(), from(start));
        }
        if (literalToken && o instanceof RealLit l) {
            return new RealLit(-l.value(), null, from(start));
        }
        return new Unary(Unary.Op.NEG, o, from(start));
    }

    private void noSignAfterOperator() {
        if (c.peekIs("+") || c.peekIs("-")) {
            throw c.atNext("syntax-error.sign-follow-operator");
        }
    }

    private Expr term() {
        int start = c.nextStart();
        Expr e = power();
        while (c.peekIs("*") || c.peekIs("/")) {
            Binary.Op op = c.next().text().equals("*") ? Binary.Op.MUL : Binary.Op.DIV;
            noSignAfterOperator();
            e = new Binary(op, e, power(), from(start));
        }
        return e;
    }

    private Expr power() {
        int start = c.nextStart();
        Expr base = primary();
        if (!c.peekIs("**")) {
            return base;
        }
        c.next();
        noSignAfterOperator();
        Expr exponent = power();
        return intrinsics.power(base, exponent, from(start));
    }

    // ---- primaries ----------------------------------------------------------------------------

    private Expr primary() {
        Token t = c.peek();
        if (t == null) {
            throw c.atNext("syntax-error.expected-expression");
        }
        switch (t.kind()) {
            case INT -> {
                c.next();
                return new IntLit(Literals.integer(t, c), range(t.start(), t.end()));
            }
            case REAL -> {
                c.next();
                return Literals.real(t, scope, reporter, range(t.start(), t.end()));
            }
            case LOGICAL -> {
                c.next();
                return new IntLit(t.text().equals("true") ? 1 : 0, range(t.start(), t.end()));
            }
            case STRING -> throw c.at(t, "unsupported-literal.character-literal-supported", "text", t.text());
            case NAME -> {
                return name();
            }
            default -> {
            }
        }
        if (t.isOp("(")) {
            c.next();
            Expr e = equiv();
            if (c.peekIs(",")) {
                throw c.between(t.start(), c.nextStart(), "unsupported-literal.complex-literal-constructor");
            }
            c.expect(")", "')' to close the parenthesis opened at column "
                    + c.src().range(t.start(), t.end()).column());
            return e;
        }
        if (t.isOp("[") || t.isOp("(") || t.isOp("/")) {
            throw c.at(t, "unsupported-array-value.array-constructors-are");
        }
        throw c.at(t, "syntax-error.expected-expression-found", "spelling", Cursor.spelling(t));
    }

    private Expr name() {
        Token t = c.next();
        String n = t.text();
        if (c.peekIs("%")) {
            throw c.atNext("unsupported-type.component-access-supported", "access", n);
        }
        Scope.Symbol s = scope.lookup(n);
        boolean call = c.peekIs("(");
        if (s instanceof Scope.Var v) {
            Variable var = v.variable();
            if (!call) {
                if (var.isArray()) {
                    throw c.at(t, "unsupported-array-value.whole-array-used", "array", n);
                }
                return new VarRef(var, range(t.start(), t.end()));
            }
            if (var.isScalar()) {
                throw c.at(t, "unsupported-subscript.scalar-subscripted", "name", n);
            }
            List<Expr> idx = subscripts(var, t);
            return new ArrayRef(var, idx, range(t.start(), c.prevEnd()));
        }
        if (s instanceof Scope.Constant k) {
            if (call) {
                throw c.at(t, "unsupported-subscript.named-constant-subscripted", "constant", n);
            }
            return Literals.relocate(k.value(), range(t.start(), t.end()));
        }
        if (s == null && !call && scope.mpi() != null && MpiDeclarations.isIntegerConstant(n)) {
            // its value differs between MPI libraries: kept by name, as the user wrote it
            return new org.paradjoint.core.ir.TextOperand(n.toUpperCase(java.util.Locale.ROOT), range(t.start(), t.end()));
        }
        if (s instanceof Scope.MpiObject o) {
            throw c.at(t, "unsupported-mpi.fortran-object", "name", n, "what", o.what());
        }
        if (s instanceof Scope.ModuleVariable m) {
            throw c.at(t, "unsupported-module-variable", "variable", n, "module", m.module());
        }
        UnitIndex.Procedure p = scope.unit().procedure(n);
        if (p != null && call) {
            if (!p.isFunction) {
                throw c.at(t, "unknown-function.subroutine-invoke-call", "name", n);
            }
            List<Expr> args = new ArrayList<>();
            c.next();
            if (!c.accept(")")) {
                do {
                    args.add(argument(c));
                } while (c.accept(","));
                c.expect(")", "',' or ')' in the arguments of '" + n + "'");
            }
            return new Call(n, args, range(t.start(), c.prevEnd()));
        }
        if (call && threadQueries && ParallelRegion.THREAD_QUERIES.contains(n)) {
            c.next();
            c.expect(")", "')': " + n + " takes no arguments");
            return new Call(n, List.of(), range(t.start(), c.prevEnd()));
        }
        if (call && intrinsics.knows(n)) {
            return intrinsics.call(n, t, c);
        }
        if (call && intrinsics.isUnsupportedIntrinsic(n)) {
            throw c.at(t, "unsupported-intrinsic.intrinsic-supported-write", "intrinsic", n);
        }
        if (call) {
            throw UnknownFunctions.error(range(t.start(), t.end()), unknownCallsFrom(t));
        }
        throw c.at(t, "undeclared-variable.declared-declare-implicit", "name", n);
    }

    /**
     * The names called in the rest of the statement, from {@code first} on, that are neither
     * variables nor procedures of the unit nor intrinsics: all of them are reported at once.
     */
    private List<String> unknownCallsFrom(Token first) {
        List<String> names = new ArrayList<>();
        boolean from = false;
        for (int k = 0; k + 1 < c.size(); k++) {
            Token t = c.token(k);
            from |= t == first;
            String n = t.text();
            if (from && t.isName() && c.token(k + 1).is("(") && !names.contains(n) && scope.lookup(n) == null
                    && scope.unit().procedure(n) == null && !intrinsics.knows(n)
                    && !intrinsics.isUnsupportedIntrinsic(n)) {
                names.add(n);
            }
        }
        return names;
    }

    private List<Expr> subscripts(Variable var, Token name) {
        Token open = c.next();
        List<Expr> idx = new ArrayList<>();
        List<int[]> spans = new ArrayList<>();
        do {
            int start = c.nextStart();
            if (c.peekIs(":") || c.peekIs(")")) {
                throw section(var, name);
            }
            idx.add(equiv());
            spans.add(new int[] {start, c.prevEnd()});
            if (c.peekIs(":")) {
                throw section(var, name);
            }
        } while (c.accept(","));
        // the closing parenthesis before the types: without it a subscript swallows what follows
        c.expect(")", "',' or ')' in the subscripts of '" + var.name() + "'");
        for (int k = 0; k < idx.size(); k++) {
            if (typeOf(idx.get(k)) != TypeClass.INT) {
                throw c.between(spans.get(k)[0], spans.get(k)[1], "unsupported-subscript.subscript-integer-expression",
                        "var", var.name());
            }
        }
        if (idx.size() != var.rank()) {
            throw c.between(name.start(), c.prevEnd(), "unsupported-subscript.has-rank-but", "var", var.name(), "rank",
                    var.rank(), "size", idx.size(), "subscript", (idx.size() == 1 ? " is" : "s are"));
        }
        return idx;
    }

    private UnsupportedException section(Variable var, Token name) {
        int open = -1;
        for (int k = 0; k < c.size(); k++) {
            if (c.token(k) == name) {
                open = k + 1;
            }
        }
        int close = open >= 0 ? c.matching(open) : -1;
        int end = close >= 0 ? c.token(close).end() : c.prevEnd();
        return c.between(name.start(), end, "unsupported-array-section", "var", var.name());
    }

    // ---- types --------------------------------------------------------------------------------

    /** The type class of an IR expression built by this parser. */
    public TypeClass typeOf(Expr e) {
        return switch (e) {
            case IntLit l -> TypeClass.INT;
            case RealLit l -> TypeClass.REAL;
            case VarRef r -> typeOf(r.var());
            case ArrayRef r -> typeOf(r.var());
            case Unary u -> u.op() == Unary.Op.NOT ? TypeClass.LOGICAL : typeOf(u.operand());
            case Binary b -> b.op().isBoolean() ? TypeClass.LOGICAL
                    : b.op() == Binary.Op.MOD ? TypeClass.INT
                    : typeOf(b.left()) == TypeClass.REAL || typeOf(b.right()) == TypeClass.REAL ? TypeClass.REAL
                    : TypeClass.INT;
            case Call x -> callType(x);
            case Cond x -> typeOf(x.then()) == TypeClass.REAL || typeOf(x.otherwise()) == TypeClass.REAL
                    ? TypeClass.REAL
                    : typeOf(x.then()) == TypeClass.LOGICAL && typeOf(x.otherwise()) == TypeClass.LOGICAL
                            ? TypeClass.LOGICAL : TypeClass.INT;
            case Cast x -> x.type().isFloating() ? TypeClass.REAL : TypeClass.INT;
            case TextOperand t -> throw new IllegalStateException("a C library call's operand in Fortran: " + t.text());
        };
    }

    private TypeClass typeOf(Variable v) {
        if (v.isFloating()) {
            return TypeClass.REAL;
        }
        return scope.isLogical(v) ? TypeClass.LOGICAL : TypeClass.INT;
    }

    private TypeClass callType(Call x) {
        UnitIndex.Procedure p = scope.unit().procedure(x.name());
        if (p != null && p.isFunction) {
            if (p.resultLogical) {
                return TypeClass.LOGICAL;
            }
            return p.resultType == null || p.resultType.isFloating() ? TypeClass.REAL : TypeClass.INT;
        }
        return x.name().equals("abs") || x.name().equals("labs") ? TypeClass.INT : TypeClass.REAL;
    }

    /** {@code (double) e} unless already floating. */
    static Expr toDouble(Expr e) {
        return new Cast(BaseType.DOUBLE, e, e.range());
    }
}
