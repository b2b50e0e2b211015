package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionList;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTProblemExpression;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.IEnumerator;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
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
import org.paradjoint.core.rules.PassiveCalls;

/**
 * C expressions to IR expressions. {@code *p} becomes {@code p[0]}; {@code a[i][j]} becomes one
 * {@link ArrayRef}; parentheses disappear (the printer re-derives them from precedence). A whole
 * array may appear only as a call argument.
 */
final class Exprs {
    private final SourceText src;
    private final Types types;
    private final Scopes scopes;
    private final int delta;
    /** Non-null for Kokkos C++: Views, subviews, {@code extent}, namespaced math. */
    private final KokkosExprs kokkos;
    /** The function's struct parameters, for a call that passes one on; null in an annotation's expression. */
    private final StructArguments structs;
    /** How many {@link #value} calls are active, and the range of the one at {@link #LOCATED_DEPTH}. */
    private int depth;
    private SourceRange deep = SourceRange.NONE;

    /**
     * Expressions nested deeper than this take the range of their ancestor at this depth. CDT finds
     * a node's location by walking up all its parents, recursively: over the operands of a
     * 100,000-term sum that is quadratic in time and overflows any stack.
     */
    static final int LOCATED_DEPTH = 200;

    /** {@code delta} shifts node offsets into the file (non-zero for expressions parsed out of a pragma). */
    Exprs(SourceText src, Types types, Scopes scopes, int delta) {
        this(src, types, scopes, delta, null, null);
    }

    Exprs(SourceText src, Types types, Scopes scopes, int delta, KokkosExprs kokkos, StructArguments structs) {
        this.src = src;
        this.types = types;
        this.scopes = scopes;
        this.delta = delta;
        this.kokkos = kokkos;
        this.structs = structs;
    }

    KokkosExprs kokkos() {
        return kokkos;
    }

    SourceRange range(IASTNode node) {
        return depth > LOCATED_DEPTH ? deep : src.range(node, delta);
    }

    /** An expression used as a value. */
    Expr value(IASTExpression e) {
        depth++;
        try {
            if (depth == LOCATED_DEPTH) {
                deep = range(e);
            }
            return valueHere(e);
        } finally {
            depth--;
        }
    }

    private Expr valueHere(IASTExpression e) {
        if (e instanceof IASTLiteralExpression lit) {
            return literal(lit);
        }
        if (e instanceof IASTIdExpression id) {
            // a variable of the function hides a constant of the same name
            Variable v = scopes.lookup(id.getName().toString()).orElse(null);
            if (v == null) {
                Expr constant = constant(id);
                if (constant != null) {
                    return constant;
                }
                v = scopes.resolve(id.getName().toString(), range(id));
            }
            if (v.isArray()) {
                throw error("unsupported-array-value.array-used-as", e, "name", id.getName());
            }
            return new VarRef(v, range(e));
        }
        if (e instanceof IASTFieldReference f && isMemberOfParameter(f)) {
            Variable v = member(f);
            if (!isScalarMember(f)) {
                throw error("unsupported-array-value.array-used-as", e, "name", SourceText.excerpt(f));
            }
            return memberElement(v, f);
        }
        if (e instanceof IASTArraySubscriptExpression) {
            return subscript(e);
        }
        if (e instanceof IASTUnaryExpression u) {
            return unary(u);
        }
        if (e instanceof IASTBinaryExpression b) {
            return binary(b);
        }
        if (e instanceof IASTFunctionCallExpression call) {
            return call(call);
        }
        if (e instanceof IASTConditionalExpression c) {
            if (c.getPositiveResultExpression() == null) {
                throw error("unsupported-operator.gnu-b-supported", e);
            }
            return new Cond(value(c.getLogicalConditionExpression()), value(c.getPositiveResultExpression()),
                    value(c.getNegativeResultExpression()), range(e));
        }
        if (e instanceof IASTCastExpression cast) {
            return new Cast(types.castType(cast.getTypeId()), value(cast.getOperand()), range(e));
        }
        throw other(e);
    }

    /** An argument of a call: a value or a whole array. */
    Expr argument(IASTInitializerClause c) {
        if (!(c instanceof IASTExpression e)) {
            throw error("unsupported-expression.argument-supported", c, "code", SourceText.excerpt(c));
        }
        IASTExpression s = stripParens(e);
        if (s instanceof IASTIdExpression id) {
            Variable v = resolve(id);
            return new VarRef(v, range(e));
        }
        if (s instanceof IASTFieldReference f && isMemberOfParameter(f) && !isScalarMember(f)) {
            return new VarRef(member(f), range(e));
        }
        return value(e);
    }

    /** The target of an assignment: a scalar variable or an array element. */
    LValue target(IASTExpression e) {
        IASTExpression s = stripParens(e);
        if (s instanceof IASTIdExpression id) {
            Variable v = resolve(id);
            if (v.isArray()) {
                throw error("unsupported-pointer-assignment", e, "name", id.getName());
            }
            return new VarRef(v, range(s));
        }
        if (s instanceof IASTFieldReference f && isMemberOfParameter(f)) {
            Variable v = member(f);
            if (!isScalarMember(f)) {
                throw error("unsupported-pointer-assignment", e, "name", SourceText.excerpt(f));
            }
            return memberElement(v, f);
        }
        if (s instanceof IASTArraySubscriptExpression) {
            return subscript(s);
        }
        if (s instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return dereference(u);
        }
        if (kokkos != null && s instanceof IASTFunctionCallExpression call
                && stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id) {
            ArrayRef element = kokkos.element(call, id.getName().toString(), this, scopes);
            if (element != null) {
                return element;
            }
        }
        if (s instanceof IASTFieldReference) {
            throw struct(s);
        }
        throw error("unsupported-statement.assign-assign-scalar", e, "code", SourceText.excerpt(e));
    }

    /** The array variable an expression denotes as a whole, or null when it is not array-valued. */
    Variable arrayValued(IASTExpression e) {
        IASTExpression s = stripParens(e);
        int subscripts = 0;
        while (s instanceof IASTArraySubscriptExpression a) {
            subscripts++;
            s = stripParens(a.getArrayExpression());
        }
        String name = s instanceof IASTIdExpression id ? id.getName().toString()
                : s instanceof IASTFieldReference f && isMemberOfParameter(f) && !isScalarMember(f) ? memberText(f)
                : null;
        if (name != null) {
            Variable v = scopes.lookup(name).orElse(null);
            if (v != null && v.rank() > subscripts) {
                return v;
            }
        }
        return null;
    }

    /**
     * True for {@code g->m} where {@code g} is a name: the member of a struct parameter, flattened
     * ({@link StructParameters}); other member accesses are not supported.
     */
    private static boolean isMemberOfParameter(IASTFieldReference f) {
        return f.isPointerDereference() && stripParens(f.getFieldOwner()) instanceof IASTIdExpression;
    }

    /** {@code g->m} as the scopes know the flattened member. */
    private static String memberText(IASTFieldReference f) {
        return ((IASTIdExpression) stripParens(f.getFieldOwner())).getName() + "->" + f.getFieldName();
    }

    /** The parameter standing for member {@code f}, or a located error when there is none. */
    private Variable member(IASTFieldReference f) {
        return scopes.lookup(memberText(f)).orElseThrow(() -> struct(f));
    }

    /** True when member {@code f} is a number (not an array or a pointer). */
    private static boolean isScalarMember(IASTFieldReference f) {
        return f.getFieldName().resolveBinding() instanceof IField field
                && CTypes.strip(field.getType()) instanceof IBasicType;
    }

    /** A scalar member as the IR reads and writes it: by value, or through its address ({@code g_s[0]}). */
    private LValue memberElement(Variable v, IASTFieldReference f) {
        return v.isArray() ? new ArrayRef(v, List.of(new IntLit(0, range(f))), range(f)) : new VarRef(v, range(f));
    }

    static IASTExpression stripParens(IASTExpression e) {
        IASTExpression s = e;
        while (s instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_bracketedPrimary) {
            s = u.getOperand();
        }
        return s;
    }

    /**
     * The value of a name that no variable of the function has: an enumeration constant
     * ({@code enum { HALO = 1 };}, the integer it stands for) or a constant of the file; null for
     * any other name.
     */
    private Expr constant(IASTIdExpression id) {
        return switch (id.getName().resolveBinding()) {
            case IEnumerator en when en.getValue() != null && en.getValue().numberValue() != null ->
                new IntLit(en.getValue().numberValue().longValue(), range(id));
            case IVariable v -> fileConstant(id, v);
            case null, default -> null;
        };
    }

    /**
     * The value of a constant of the file ({@code static const double GAMMA = 1.4;}, a
     * {@code const} scalar of a number type declared outside functions with an initialiser): its
     * initialiser, of the constant's type. Null for any other variable; other globals stay errors.
     */
    private Expr fileConstant(IASTIdExpression id, IVariable v) {
        for (IASTName declared : id.getTranslationUnit().getDeclarationsInAST(v)) {
            if (declared.getParent() instanceof IASTDeclarator d && d.getPointerOperators().length == 0
                    && !(d instanceof IASTArrayDeclarator) && d.getNestedDeclarator() == null
                    && d.getInitializer() instanceof IASTEqualsInitializer eq
                    && eq.getInitializerClause() instanceof IASTExpression init
                    && d.getParent() instanceof IASTSimpleDeclaration sd
                    && sd.getParent() instanceof IASTTranslationUnit && sd.getDeclSpecifier().isConst()
                    && !sd.getDeclSpecifier().isVolatile()) {
                BaseType type = types.baseType(sd.getDeclSpecifier());
                if (type == null) {
                    return null;
                }
                Expr value = value(init);
                if (value instanceof IntLit l && type.isFloating()) {
                    return new RealLit(l.value(), Long.toString(l.value()) + ".0", range(id));
                }
                // the constant's type decides what its uses compute (`1 / ONE` divides doubles)
                return ExprTypes.isFloating(value) == type.isFloating() ? value : new Cast(type, value, range(id));
            }
        }
        return null;
    }

    private Variable resolve(IASTIdExpression id) {
        String name = id.getName().toString();
        // the range only for the error: computing it for every name costs a fifth of the mapping
        return scopes.lookup(name).orElseGet(() -> scopes.resolve(name, range(id)));
    }

    private Expr literal(IASTLiteralExpression lit) {
        String text = new String(lit.getValue());
        switch (lit.getKind()) {
        case IASTLiteralExpression.lk_integer_constant:
            return integer(lit, text);
        case IASTLiteralExpression.lk_float_constant:
            return real(lit, text);
        case IASTLiteralExpression.lk_string_literal:
            throw error("unsupported-string-literal", lit, "code", SourceText.excerpt(lit));
        case IASTLiteralExpression.lk_char_constant:
            throw error("unsupported-char-literal", lit, "text", text);
        default:
            throw other(lit);
        }
    }

    private IntLit integer(IASTLiteralExpression lit, String text) {
        String digits = text;
        while (!digits.isEmpty() && "uUlL".indexOf(digits.charAt(digits.length() - 1)) >= 0) {
            char c = digits.charAt(digits.length() - 1);
            if (c == 'u' || c == 'U') {
                throw error("unsupported-type.unsigned-literal-supported", lit, "text", text);
            }
            digits = digits.substring(0, digits.length() - 1);
        }
        try {
            long value = digits.startsWith("0b") || digits.startsWith("0B") ? Long.parseLong(digits.substring(2), 2)
                    : Long.decode(digits);
            return new IntLit(value, range(lit));
        } catch (NumberFormatException ex) {
            throw error("unsupported-expression.integer-literal-out", lit, "text", text);
        }
    }

    private RealLit real(IASTLiteralExpression lit, String text) {
        String t = text;
        char last = t.charAt(t.length() - 1);
        if (last == 'l' || last == 'L') {
            throw error("unsupported-long-double.long-double-literal", lit, "text", text);
        }
        if (last == 'f' || last == 'F') {
            t = t.substring(0, t.length() - 1);
        }
        try {
            return new RealLit(Double.parseDouble(t), text, range(lit));
        } catch (NumberFormatException ex) {
            throw error("unsupported-expression.floating-literal-supported", lit, "text", text);
        }
    }

    private ArrayRef subscript(IASTExpression e) {
        List<IASTExpression> indexNodes = new ArrayList<>();
        IASTExpression s = e;
        while (s instanceof IASTArraySubscriptExpression a) {
            if (!(a.getArgument() instanceof IASTExpression index)) {
                throw other(a);
            }
            indexNodes.add(index);
            s = stripParens(a.getArrayExpression());
        }
        Collections.reverse(indexNodes);
        Variable v;
        if (s instanceof IASTIdExpression id) {
            v = resolve(id);
        } else if (s instanceof IASTFieldReference f && isMemberOfParameter(f)) {
            v = member(f);
        } else {
            if (arrayValued(s) == null && s instanceof IASTBinaryExpression b && isAdditive(b)) {
                throw pointerArithmetic(b);
            }
            throw error("unsupported-subscript.subscript-supported-index", e, "code", SourceText.excerpt(s));
        }
        if (v.isScalar() || s instanceof IASTFieldReference f && isScalarMember(f)) {
            throw error("unsupported-subscript.scalar-indexed", e, "name", SourceText.excerpt(s));
        }
        if (indexNodes.size() != v.rank()) {
            String what = indexNodes.size() < v.rank()
                    ? " selects a sub-array of the " + v.rank() + "-dimensional array `" + v.name()
                            + "`; index every dimension (sub-array pointers are not supported)"
                    : " has " + indexNodes.size() + " subscripts but `" + v.name() + "` has " + v.rank()
                            + " dimension" + (v.rank() == 1 ? "" : "s");
            throw error("unsupported-subscript.other", e, "code", SourceText.excerpt(e), "problem", what);
        }
        List<Expr> indices = new ArrayList<>();
        for (IASTExpression index : indexNodes) {
            indices.add(value(index));
        }
        return new ArrayRef(v, indices, range(e));
    }

    private ArrayRef dereference(IASTUnaryExpression u) {
        IASTExpression operand = stripParens(u.getOperand());
        if (operand instanceof IASTFieldReference f && isMemberOfParameter(f) && !isScalarMember(f)
                && member(f).rank() == 1) {
            return new ArrayRef(member(f), List.of(new IntLit(0, range(u))), range(u));
        }
        if (operand instanceof IASTIdExpression id) {
            Variable v = resolve(id);
            if (v.rank() == 1) {
                return new ArrayRef(v, List.of(new IntLit(0, range(u))), range(u));
            }
            if (v.isScalar()) {
                throw error("unsupported-expression.dereferences-scalar", u, "code", SourceText.excerpt(u), "name",
                        id.getName());
            }
            throw error("unsupported-subscript.selects-sub-array", u, "code", SourceText.excerpt(u), "rank", v.rank(),
                    "array", v.name());
        }
        if (operand instanceof IASTBinaryExpression b && isAdditive(b)) {
            throw pointerArithmetic(b);
        }
        throw error("unsupported-pointer-arithmetic.dereference", u, "code", SourceText.excerpt(u));
    }

    private Expr unary(IASTUnaryExpression u) {
        switch (u.getOperator()) {
        case IASTUnaryExpression.op_bracketedPrimary:
        case IASTUnaryExpression.op_plus:
            return value(u.getOperand());
        case IASTUnaryExpression.op_minus:
            return new Unary(Unary.Op.NEG, value(u.getOperand()), range(u));
        case IASTUnaryExpression.op_not:
            return new Unary(Unary.Op.NOT, value(u.getOperand()), range(u));
        case IASTUnaryExpression.op_star:
            return dereference(u);
        case IASTUnaryExpression.op_amper:
            throw error("unsupported-address-of", u, "code", SourceText.excerpt(u));
        case IASTUnaryExpression.op_prefixIncr:
        case IASTUnaryExpression.op_prefixDecr:
        case IASTUnaryExpression.op_postFixIncr:
        case IASTUnaryExpression.op_postFixDecr:
            if (arrayValued(u.getOperand()) != null) {
                throw error("unsupported-pointer-arithmetic.statement", u, "code", SourceText.excerpt(u));
            }
            throw error("unsupported-assignment-in-expression.increment-inside-expression", u, "code",
                    SourceText.excerpt(u));
        case IASTUnaryExpression.op_sizeof:
        case IASTUnaryExpression.op_alignOf:
            throw error("unsupported-expression.supported-use-constant", u, "code", SourceText.excerpt(u));
        case IASTUnaryExpression.op_tilde:
            throw error("unsupported-operator.bitwise-operator-supported", u);
        default:
            throw other(u);
        }
    }

    private static boolean isAdditive(IASTBinaryExpression b) {
        int op = b.getOperator();
        return op == IASTBinaryExpression.op_plus || op == IASTBinaryExpression.op_minus;
    }

    private UnsupportedException pointerArithmetic(IASTBinaryExpression b) {
        return error("unsupported-pointer-arithmetic", b, "code", SourceText.excerpt(b));
    }

    private Expr binary(IASTBinaryExpression b) {
        Binary.Op op = binaryOp(b);
        if (isAdditive(b) && (arrayValued(b.getOperand1()) != null || arrayValued(b.getOperand2()) != null)) {
            throw pointerArithmetic(b);
        }
        if (!(b.getInitOperand2() instanceof IASTExpression right)) {
            throw other(b);
        }
        return new Binary(op, value(b.getOperand1()), value(right), range(b));
    }

    private Binary.Op binaryOp(IASTBinaryExpression b) {
        switch (b.getOperator()) {
        case IASTBinaryExpression.op_multiply: return Binary.Op.MUL;
        case IASTBinaryExpression.op_divide: return Binary.Op.DIV;
        case IASTBinaryExpression.op_modulo: return Binary.Op.MOD;
        case IASTBinaryExpression.op_plus: return Binary.Op.ADD;
        case IASTBinaryExpression.op_minus: return Binary.Op.SUB;
        case IASTBinaryExpression.op_lessThan: return Binary.Op.LT;
        case IASTBinaryExpression.op_lessEqual: return Binary.Op.LE;
        case IASTBinaryExpression.op_greaterThan: return Binary.Op.GT;
        case IASTBinaryExpression.op_greaterEqual: return Binary.Op.GE;
        case IASTBinaryExpression.op_equals: return Binary.Op.EQ;
        case IASTBinaryExpression.op_notequals: return Binary.Op.NE;
        case IASTBinaryExpression.op_logicalAnd: return Binary.Op.AND;
        case IASTBinaryExpression.op_logicalOr: return Binary.Op.OR;
        case IASTBinaryExpression.op_assign:
        case IASTBinaryExpression.op_plusAssign:
        case IASTBinaryExpression.op_minusAssign:
        case IASTBinaryExpression.op_multiplyAssign:
        case IASTBinaryExpression.op_divideAssign:
        case IASTBinaryExpression.op_moduloAssign:
        case IASTBinaryExpression.op_shiftLeftAssign:
        case IASTBinaryExpression.op_shiftRightAssign:
        case IASTBinaryExpression.op_binaryAndAssign:
        case IASTBinaryExpression.op_binaryOrAssign:
        case IASTBinaryExpression.op_binaryXorAssign:
            throw error("unsupported-assignment-in-expression.assignment-inside-expression", b, "code",
                    SourceText.excerpt(b));
        default:
            throw error("unsupported-operator.operator-supported-bitwise", b, "code", SourceText.excerpt(b));
        }
    }

    private Expr call(IASTFunctionCallExpression call) {
        if (kokkos != null) {
            Expr e = kokkos.call(call, this, scopes);
            if (e != null) {
                return e;
            }
        }
        IASTExpression fn = stripParens(call.getFunctionNameExpression());
        if (!(fn instanceof IASTIdExpression id)) {
            throw error("unsupported-function-pointer.call-through-supported", call, "code", SourceText.excerpt(fn));
        }
        String name = id.getName().toString();
        if (scopes.lookup(name).isPresent()) {
            throw error("unsupported-function-pointer.variable-function-function", call, "name", name);
        }
        if (PassiveCalls.isPassive(name)) {
            return passiveCall(name, call);
        }
        List<Expr> args = new ArrayList<>();
        boolean defined = callsDefinition(call);
        IASTInitializerClause[] given = call.getArguments();
        for (int k = 0; k < given.length; k++) {
            List<Expr> members = structs == null ? null
                    : structs.expand(call, name, k, given[k], scopes, range(given[k]));
            Expr addressed = members == null && defined ? addressArgument(given[k]) : null;
            if (members != null) {
                args.addAll(members);
            } else {
                args.add(addressed != null ? addressed : argument(given[k]));
            }
        }
        return new Call(name, args, range(call));
    }

    /** Whether {@code call} calls a function whose definition the parse holds (the file's or a header's). */
    static boolean callsDefinition(IASTFunctionCallExpression call) {
        return stripParens(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                && call.getTranslationUnit().getDefinitionsInAST(id.getName().resolveBinding()).length > 0;
    }

    /**
     * An address passed to a function defined in the file, which its pointer parameter stands for
     * when the call is inlined (core {@code CallInliner}): {@code &x} of a scalar variable is the
     * variable (the callee's {@code *p} and {@code p[0]} become {@code x}), as a helper returns
     * results through pointers ({@code flux(u, i, &fl, &fr)}); {@code &a[e]} or {@code a + e} of a
     * one-dimensional array is the element {@code a[e]} (the callee's {@code p[f]} becomes
     * {@code a[e + f]}), as a helper works on a row of a flat array. Null for any other argument.
     */
    private Expr addressArgument(IASTInitializerClause arg) {
        if (!(arg instanceof IASTExpression e)) {
            return null;
        }
        IASTExpression s = stripParens(e);
        if (s instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && stripParens(u.getOperand()) instanceof IASTIdExpression id) {
            Variable v = resolve(id);
            return v.isScalar() ? new VarRef(v, range(e)) : null;
        }
        // an array passed whole stays the array (the callee's parameter is renamed to it)
        return arrayValued(s) != null ? null : pointerInto(s);
    }

    /**
     * The element a pointer into a one-dimensional array points to: {@code a} (element 0),
     * {@code &a[e]}, {@code a + e}, {@code e + a} and sums of those ({@code a + i * m + 1}); the
     * array a parameter, a local or a member of a struct parameter. Null for anything else.
     */
    ArrayRef pointerInto(IASTExpression e) {
        IASTExpression s = stripParens(e);
        Variable whole = arrayValued(s);
        if (whole != null && !(s instanceof IASTArraySubscriptExpression)) {
            return whole.rank() == 1 ? new ArrayRef(whole, List.of(new IntLit(0, range(e))), range(e)) : null;
        }
        if (s instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && stripParens(u.getOperand()) instanceof IASTArraySubscriptExpression a
                && !(stripParens(a.getArrayExpression()) instanceof IASTArraySubscriptExpression)
                && arrayValued(a.getArrayExpression()) instanceof Variable v && v.rank() == 1
                && a.getArgument() instanceof IASTExpression index) {
            return new ArrayRef(v, List.of(value(index)), range(e));
        }
        if (s instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus) {
            for (boolean pointerFirst : new boolean[] {true, false}) {
                IASTExpression pointer = pointerFirst ? b.getOperand1() : b.getOperand2();
                IASTExpression offset = pointerFirst ? b.getOperand2() : b.getOperand1();
                if (arrayValued(offset) != null || pointerSum(offset)) {
                    continue;
                }
                ArrayRef start = pointerSum(pointer) || arrayValued(pointer) != null ? pointerInto(pointer) : null;
                if (start != null) {
                    return new ArrayRef(start.var(), List.of(org.paradjoint.core.expr.Exprs.add(
                            start.indices().get(0), value(offset))), range(e));
                }
            }
        }
        return null;
    }

    /** Whether {@code e} adds to a pointer: a sum one of whose operands is an array or such a sum. */
    private boolean pointerSum(IASTExpression e) {
        return stripParens(e) instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus
                && (arrayValued(b.getOperand1()) != null || arrayValued(b.getOperand2()) != null
                        || pointerSum(b.getOperand1()) || pointerSum(b.getOperand2()));
    }

    /**
     * A call of a passive library function ({@link PassiveCalls}): its string literals and the
     * standard streams it names are kept as written, its other arguments mapped as values.
     */
    private Call passiveCall(String name, IASTFunctionCallExpression call) {
        List<Expr> args = new ArrayList<>();
        for (IASTInitializerClause arg : call.getArguments()) {
            IASTNode a = arg instanceof IASTExpression e ? stripParens(e) : arg;
            if (a instanceof IASTLiteralExpression l && l.getKind() == IASTLiteralExpression.lk_string_literal) {
                args.add(new TextOperand(String.valueOf(l.getValue()), range(arg)));
            } else if (a instanceof IASTIdExpression id && PassiveCalls.isStream(id.getName().toString())
                    && scopes.lookup(id.getName().toString()).isEmpty()) {
                args.add(new TextOperand(id.getName().toString(), range(arg)));
            } else {
                args.add(argument(arg));
            }
        }
        return new Call(name, args, range(call), CalleeKind.PASSIVE);
    }

    private UnsupportedException struct(IASTNode e) {
        return error("unsupported-struct.member-access-supported", e, "code", SourceText.excerpt(e));
    }

    private UnsupportedException other(IASTNode e) {
        if (e instanceof IASTProblemExpression) {
            return error("syntax-error.syntax-error-parse", e, "code", SourceText.excerpt(e));
        }
        if (e instanceof IASTFieldReference) {
            return struct(e);
        }
        if (e instanceof IASTExpressionList) {
            return error("unsupported-comma", e, "code", SourceText.excerpt(e));
        }
        if (e instanceof IASTTypeIdExpression) {
            return error("unsupported-expression.supported-use-constant", e, "code", SourceText.excerpt(e));
        }
        return error("unsupported-expression.expression-supported", e, "code", SourceText.excerpt(e));
    }

    UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, range(node), arguments);
    }
}
