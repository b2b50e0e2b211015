package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;

/**
 * Fortran intrinsics in the IR's (C) spelling, so that the derivative rule table applies
 * unchanged: {@code abs} of a real is {@code fabs}, {@code max}/{@code min} of reals nest
 * {@code fmax}/{@code fmin} (of integers: conditionals), {@code dble}/{@code real(x,8)} are
 * casts, {@code mod} of reals is {@code fmod}, {@code sign(a,b)} is
 * {@code b >= 0 ? |a| : -|a|}, {@code aint}/{@code anint} are {@code trunc}/{@code round},
 * {@code nint}/{@code floor}/{@code ceiling} convert to integer, {@code merge} is a conditional.
 * The specific names of FORTRAN 77 ({@code dsqrt}, {@code dmax1} ...) map like their generics.
 */
final class Intrinsics {

    /** Elementary functions with the same name in the IR; the value lists the specific aliases. */
    private static final Map<String, String> SAME_NAME = Map.ofEntries(Map.entry("sqrt", "sqrt"),
            Map.entry("dsqrt", "sqrt"), Map.entry("exp", "exp"), Map.entry("dexp", "exp"), Map.entry("log", "log"),
            Map.entry("dlog", "log"), Map.entry("alog", "log"), Map.entry("log10", "log10"),
            Map.entry("dlog10", "log10"), Map.entry("sin", "sin"), Map.entry("dsin", "sin"), Map.entry("cos", "cos"),
            Map.entry("dcos", "cos"), Map.entry("tan", "tan"), Map.entry("dtan", "tan"), Map.entry("asin", "asin"),
            Map.entry("dasin", "asin"), Map.entry("acos", "acos"), Map.entry("dacos", "acos"),
            Map.entry("datan", "atan"), Map.entry("sinh", "sinh"), Map.entry("dsinh", "sinh"),
            Map.entry("cosh", "cosh"), Map.entry("dcosh", "cosh"), Map.entry("tanh", "tanh"),
            Map.entry("dtanh", "tanh"), Map.entry("erf", "erf"), Map.entry("erfc", "erfc"),
            Map.entry("atan2", "atan2"), Map.entry("datan2", "atan2"), Map.entry("hypot", "hypot"));

    private static final Set<String> OTHERS = Set.of("atan", "abs", "dabs", "iabs", "max", "min", "dmax1", "dmin1",
            "amax1", "amin1", "max0", "min0", "dble", "real", "float", "sngl", "int", "nint", "idnint", "floor",
            "ceiling", "aint", "daint", "anint", "dnint", "mod", "dmod", "amod", "sign", "dsign", "isign", "merge",
            "kind", "selected_real_kind");

    /** Intrinsics that exist but are not mapped: a call is an error naming the intrinsic. */
    private static final Set<String> UNSUPPORTED = Set.of("sum", "product", "size", "shape", "lbound", "ubound",
            "maxval", "minval", "maxloc", "minloc", "dot_product", "matmul", "transpose", "reshape", "spread",
            "pack", "unpack", "count", "any", "all", "present", "allocated", "associated", "huge", "tiny",
            "epsilon", "len", "len_trim", "trim", "adjustl", "adjustr", "index", "char", "ichar", "achar", "iachar",
            "modulo", "dim", "dprod", "cmplx", "conjg", "aimag", "iand", "ior", "ieor", "not", "ishft", "btest",
            "random_number", "cpu_time", "system_clock", "exponent", "fraction", "nearest", "spacing", "scale",
            "set_exponent", "bessel_j0", "bessel_j1", "gamma", "log_gamma", "acosh", "asinh", "atanh", "norm2",
            "cshift", "eoshift", "null", "transfer", "storage_size", "sizeof", "selected_int_kind", "precision",
            "range", "radix", "digits", "maxexponent", "minexponent", "bit_size", "logical", "lge", "lgt", "lle",
            "llt", "repeat", "scan", "verify", "new_line", "omp_get_thread_num", "omp_get_num_threads",
            "omp_get_wtime", "omp_get_max_threads");

    private final ExprParser exprs;

    Intrinsics(ExprParser exprs) {
        this.exprs = exprs;
    }

    boolean knows(String name) {
        return SAME_NAME.containsKey(name) || OTHERS.contains(name);
    }

    boolean isUnsupportedIntrinsic(String name) {
        return UNSUPPORTED.contains(name);
    }

    private record Arg(String keyword, Expr value, int start, int end) {
    }

    /** A call of intrinsic {@code name} whose name token was just consumed. */
    Expr call(String name, Token nameTok, Cursor c) {
        if (name.equals("kind")) {
            return kind(nameTok, c);
        }
        c.next();
        List<Arg> args = new ArrayList<>();
        if (!c.accept(")")) {
            do {
                int start = c.nextStart();
                String kw = null;
                if (c.peek() != null && c.peek().isName() && c.peek(1) != null && c.peek(1).isOp("=")) {
                    kw = c.next().text();
                    c.next();
                }
                Expr v = exprs.parse(c);
                args.add(new Arg(kw, v, start, c.prevEnd()));
            } while (c.accept(","));
            c.expect(")", "',' or ')' in the arguments of '" + name + "'");
        }
        SourceRange r = exprs.range(nameTok.start(), c.prevEnd());
        return map(name, args, r, nameTok, c);
    }

    private Expr map(String name, List<Arg> args, SourceRange r, Token at, Cursor c) {
        String same = SAME_NAME.get(name);
        if (same != null) {
            int arity = same.equals("atan2") || same.equals("hypot") ? 2 : 1;
            List<Expr> xs = plain(name, args, arity, arity, at, c);
            for (Expr x : xs) {
                requireReal(name, x, at, c);
            }
            return new Call(same, xs, r);
        }
        switch (name) {
            case "atan": {
                List<Expr> xs = plain(name, args, 1, 2, at, c);
                xs.forEach(x -> requireReal(name, x, at, c));
                return new Call(xs.size() == 2 ? "atan2" : "atan", xs, r);
            }
            case "abs", "dabs", "iabs": {
                Expr x = plain(name, args, 1, 1, at, c).get(0);
                return new Call(real(x) ? "fabs" : "abs", List.of(x), r);
            }
            case "max", "min", "dmax1", "dmin1", "amax1", "amin1", "max0", "min0":
                return minMax(name.contains("max"), plain(name, args, 2, Integer.MAX_VALUE, at, c), r, at, c);
            case "dble":
                return new Cast(BaseType.DOUBLE, plain(name, args, 1, 1, at, c).get(0), r);
            case "float", "sngl":
                return new Cast(BaseType.FLOAT, plain(name, args, 1, 1, at, c).get(0), r);
            case "real":
                return new Cast(kindOf(args, at, c, 4) == 8 ? BaseType.DOUBLE : BaseType.FLOAT, first(args), r);
            case "int":
                return new Cast(kindOf(args, at, c, 4) == 8 ? BaseType.LONG : BaseType.INT, first(args), r);
            case "nint", "idnint":
                return toInt(args, "round", r, at, c);
            case "floor":
                return toInt(args, "floor", r, at, c);
            case "ceiling":
                return toInt(args, "ceil", r, at, c);
            case "aint", "daint":
                return new Call("trunc", List.of(realArg(name, args, at, c)), r);
            case "anint", "dnint":
                return new Call("round", List.of(realArg(name, args, at, c)), r);
            case "mod", "dmod", "amod": {
                List<Expr> xs = plain(name, args, 2, 2, at, c);
                boolean real = real(xs.get(0)) || real(xs.get(1));
                return real ? new Call("fmod", xs, r) : new Binary(Binary.Op.MOD, xs.get(0), xs.get(1), r);
            }
            case "sign", "dsign", "isign":
                return sign(plain(name, args, 2, 2, at, c), r);
            case "merge": {
                List<Expr> xs = plain(name, args, 3, 3, at, c);
                return new Cond(xs.get(2), xs.get(0), xs.get(1), r);
            }
            case "selected_real_kind": {
                Expr p = plain(name, args, 1, 2, at, c).get(0);
                if (!(p instanceof IntLit l)) {
                    throw c.at(at, "unsupported-intrinsic.selected-real-kind");
                }
                return new IntLit(l.value() <= 6 ? 4 : l.value() <= 15 ? 8 : 16, r);
            }
            default:
                throw c.at(at, "unsupported-intrinsic.intrinsic-supported", "name", name);
        }
    }

    private boolean real(Expr e) {
        return exprs.typeOf(e) == TypeClass.REAL;
    }

    private void requireReal(String name, Expr x, Token at, Cursor c) {
        if (!real(x)) {
            throw c.at(at, "unsupported-intrinsic.needs-real-argument", "name", name);
        }
    }

    private List<Expr> plain(String name, List<Arg> args, int min, int max, Token at, Cursor c) {
        if (args.size() < min || args.size() > max) {
            String want = min == max ? Integer.toString(min) : max == Integer.MAX_VALUE ? "at least " + min
                    : min + " or " + max;
            throw c.at(at, "call-arity.intrinsic", "name", name, "want", want, "argument", (min == 1 && max == 1 ? ""
                    : "s"), "size", args.size());
        }
        List<Expr> out = new ArrayList<>();
        for (Arg a : args) {
            if (a.keyword() != null) {
                throw c.between(a.start(), a.end(), "unsupported-intrinsic.keyword-argument-supported", "keyword",
                        a.keyword(), "name", name);
            }
            out.add(a.value());
        }
        return out;
    }

    private static Expr first(List<Arg> args) {
        return args.get(0).value();
    }

    private Expr realArg(String name, List<Arg> args, Token at, Cursor c) {
        Expr x = plain(name, args, 1, 1, at, c).get(0);
        requireReal(name, x, at, c);
        return x;
    }

    /** The kind argument of {@code real}/{@code int} (positional or {@code kind=}), or {@code dflt}. */
    private long kindOf(List<Arg> args, Token at, Cursor c, long dflt) {
        if (args.isEmpty() || args.size() > 2 || args.get(0).keyword() != null) {
            throw c.at(at, "call-arity.value-and-kind", "text", at.text());
        }
        if (args.size() == 1) {
            return dflt;
        }
        Arg k = args.get(1);
        if (k.keyword() != null && !k.keyword().equals("kind")) {
            throw c.between(k.start(), k.end(), "unsupported-intrinsic.unknown-keyword", "keyword", k.keyword(),
                    "text", at.text());
        }
        if (!(k.value() instanceof IntLit l) || l.value() != 4 && l.value() != 8) {
            throw c.between(k.start(), k.end(), "unsupported-type.kind-constant", "text", at.text());
        }
        return l.value();
    }

    private Expr toInt(List<Arg> args, String rounding, SourceRange r, Token at, Cursor c) {
        long kind = kindOf(args, at, c, 4);
        Expr x = first(args);
        requireReal(at.text(), x, at, c);
        return new Cast(kind == 8 ? BaseType.LONG : BaseType.INT, new Call(rounding, List.of(x), r), r);
    }

    private Expr minMax(boolean max, List<Expr> xs, SourceRange r, Token at, Cursor c) {
        boolean anyReal = xs.stream().anyMatch(this::real);
        boolean allReal = xs.stream().allMatch(this::real);
        if (anyReal && !allReal) {
            throw c.at(at, "unsupported-intrinsic.mixes-integer-real", "text", at.text());
        }
        Expr acc = xs.get(0);
        for (int k = 1; k < xs.size(); k++) {
            Expr b = xs.get(k);
            if (allReal) {
                acc = new Call(max ? "fmax" : "fmin", List.of(acc, b), r);
            } else {
                acc = new Cond(new Binary(max ? Binary.Op.GE : Binary.Op.LE, acc, b, r), acc, b, r);
            }
        }
        return acc;
    }

    /** {@code sign(a, b)}: {@code |a|} when {@code b >= 0}, else {@code -|a|}. */
    private Expr sign(List<Expr> xs, SourceRange r) {
        Expr a = xs.get(0);
        Expr b = xs.get(1);
        boolean realA = real(a);
        Expr abs = new Call(realA ? "fabs" : "abs", List.of(a), r);
        Expr zero = real(b) ? new RealLit(0.0, null, r) : new IntLit(0, r);
        return new Cond(new Binary(Binary.Op.GE, b, zero, r), abs, new Unary(Unary.Op.NEG, abs, r), r);
    }

    /** {@code kind(x)}: 8 for double precision (variable or d-exponent literal), 4 otherwise. */
    private Expr kind(Token nameTok, Cursor c) {
        c.next();
        Token t = c.peek();
        long k;
        if (t != null && t.kind() == Token.Kind.REAL) {
            c.next();
            k = t.text().contains("d") || t.text().endsWith("_8") ? 8 : 4;
        } else {
            Expr x = exprs.parse(c);
            k = switch (x) {
                case VarRef v -> v.var().type() == BaseType.DOUBLE || v.var().type() == BaseType.LONG ? 8 : 4;
                case IntLit l -> 4;
                default -> throw c.at(nameTok, "unsupported-intrinsic.kind-needs-literal");
            };
        }
        c.expect(")", "')' after the argument of kind");
        return new IntLit(k, exprs.range(nameTok.start(), c.prevEnd()));
    }

    /** {@code base ** exponent}. */
    Expr power(Expr base, Expr exponent, SourceRange r) {
        TypeClass tb = exprs.typeOf(base);
        TypeClass te = exprs.typeOf(exponent);
        if (tb == TypeClass.LOGICAL || te == TypeClass.LOGICAL) {
            throw new org.paradjoint.core.diag.UnsupportedException("unsupported-operator.logical-power", r);
        }
        if (tb == TypeClass.REAL) {
            if (exponent instanceof IntLit l) {
                return new Call("pow", List.of(base, new RealLit(l.value(), null, l.range())), r);
            }
            return new Call("pow", List.of(base, te == TypeClass.INT ? ExprParser.toDouble(exponent) : exponent), r);
        }
        if (te == TypeClass.REAL) {
            return new Call("pow", List.of(ExprParser.toDouble(base), exponent), r);
        }
        if (exponent instanceof IntLit l && l.value() >= 0 && l.value() <= 16) {
            Expr acc = new IntLit(1, r);
            for (long k = 0; k < l.value(); k++) {
                acc = k == 0 ? base : new Binary(Binary.Op.MUL, acc, base, r);
            }
            return acc;
        }
        throw new org.paradjoint.core.diag.UnsupportedException("unsupported-integer-power", r);
    }
}
