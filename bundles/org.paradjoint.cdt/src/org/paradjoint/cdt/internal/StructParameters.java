package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTElaboratedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.eclipse.cdt.core.dom.ast.IValue;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.StructParameter.Member;
import org.paradjoint.core.ir.StructParameter.Passing;
import org.paradjoint.core.ir.Variable;

/**
 * Parameters that point to structs ({@code grid_t *g}, {@code struct grid *g}), flattened member
 * by member ({@link StructParameter}). Only the members the function names as {@code g->m} become
 * parameters, so a struct may carry whatever else the user keeps in it (a {@code FILE *}, a name);
 * a used member must be a number, a pointer to numbers or an array of numbers. The member
 * parameters are declared in the function's scope under their IR name ({@code g_u}) and under the
 * source text {@code g->u}, which is how expressions and annotations find them.
 */
final class StructParameters {

    private static final Set<Integer> ASSIGNMENTS = Set.of(IASTBinaryExpression.op_assign,
            IASTBinaryExpression.op_plusAssign, IASTBinaryExpression.op_minusAssign,
            IASTBinaryExpression.op_multiplyAssign, IASTBinaryExpression.op_divideAssign,
            IASTBinaryExpression.op_moduloAssign, IASTBinaryExpression.op_shiftLeftAssign,
            IASTBinaryExpression.op_shiftRightAssign, IASTBinaryExpression.op_binaryAndAssign,
            IASTBinaryExpression.op_binaryOrAssign, IASTBinaryExpression.op_binaryXorAssign);

    private final FunctionContext ctx;

    StructParameters(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /**
     * The struct that {@code p}'s declaration names ({@code grid_t}, {@code struct grid}), or null
     * when it names another type. A typedef of a pointer to a struct ({@code MPI_Comm} of OpenMPI)
     * is a handle, not a struct.
     */
    static ICompositeType pointee(IASTParameterDeclaration p) {
        IASTDeclSpecifier spec = p.getDeclSpecifier();
        IBinding named = spec instanceof IASTNamedTypeSpecifier n ? n.getName().resolveBinding()
                : spec instanceof IASTElaboratedTypeSpecifier e ? e.getName().resolveBinding() : null;
        IType type = named instanceof IType t ? CTypes.strip(t) : null;
        return type instanceof ICompositeType c ? c : null;
    }

    /** True when {@code p} is a struct passed by value ({@code grid_t g}). */
    static boolean byValue(IASTParameterDeclaration p) {
        return p.getDeclarator().getPointerOperators().length == 0 && p.getDeclarator().getNestedDeclarator() == null
                && !(p.getDeclarator() instanceof IASTArrayDeclarator);
    }

    /**
     * Flattens {@code p}, a pointer to {@code struct}: declares a parameter per member that
     * {@code def}'s body uses and returns the description.
     */
    StructParameter flatten(IASTFunctionDefinition def, IASTParameterDeclaration p, ICompositeType struct) {
        String name = p.getDeclarator().getName().toString();
        if (struct.getKey() != ICompositeType.k_struct) {
            throw error("unsupported-struct.union-parameter", p, "code", SourceText.excerpt(p));
        }
        if (p.getDeclarator().getPointerOperators().length != 1 || p.getDeclarator().getNestedDeclarator() != null
                || p.getDeclarator() instanceof IASTArrayDeclarator) {
            throw error("unsupported-struct.pointer-depth", p, "code", SourceText.excerpt(p));
        }
        Map<String, Use> uses = uses(def, name);
        Set<String> paramNames = new HashSet<>();
        if (def.getDeclarator() instanceof IASTStandardFunctionDeclarator fd) {
            for (IASTParameterDeclaration q : fd.getParameters()) {
                paramNames.add(q.getDeclarator().getName().toString());
            }
        }
        boolean isConst = p.getDeclSpecifier().isConst();
        int position = ctx.scopes.params().size();
        List<Member> members = new ArrayList<>();
        for (IField field : struct.getFields()) {
            Use use = uses.get(field.getName());
            if (use != null) {
                members.add(member(name, field, use, isConst, paramNames));
            }
        }
        String typeText = typeText(p.getDeclSpecifier());
        return new StructParameter(name, typeText, CStructText.definition(struct, typeText), isConst, position, members,
                ctx.src.range(p));
    }

    /** How the function uses a member: where first, and whether it assigns it as a whole. */
    private static final class Use {
        final IASTFieldReference first;
        boolean assigned;

        Use(IASTFieldReference first) {
            this.first = first;
        }
    }

    private Member member(String owner, IField field, Use use, boolean isConst, Set<String> paramNames) {
        IType t = CTypes.strip(field.getType());
        String flat = flatName(owner, field.getName(), paramNames);
        Variable v;
        Passing passing;
        if (t instanceof IBasicType basic) {
            BaseType type = scalar(basic, use, field);
            passing = type.isFloating() || use.assigned ? Passing.ADDRESS : Passing.VALUE;
            List<Dim> dims = passing == Passing.ADDRESS ? List.of(Dim.c(null)) : List.of();
            v = new Variable(flat, type, dims, Variable.Kind.PARAMETER, isConst, Layout.ROW_MAJOR,
                    ctx.src.range(use.first));
        } else if (t instanceof IPointerType ptr && CTypes.strip(ptr.getType()) instanceof IBasicType basic) {
            passing = Passing.POINTER;
            v = new Variable(flat, scalar(basic, use, field), List.of(Dim.c(null)), Variable.Kind.PARAMETER,
                    CTypes.isConstPointee(ptr), Layout.ROW_MAJOR, ctx.src.range(use.first));
        } else if (t instanceof IArrayType) {
            passing = Passing.EMBEDDED;
            List<Dim> dims = new ArrayList<>();
            IType e = t;
            while (CTypes.strip(e) instanceof IArrayType a) {
                IValue size = a.getSize();
                Number n = size == null ? null : size.numberValue();
                if (n == null) {
                    throw unsupportedMember(use, field);
                }
                dims.add(Dim.c(new IntLit(n.longValue())));
                e = a.getType();
            }
            if (!(CTypes.strip(e) instanceof IBasicType basic)) {
                throw unsupportedMember(use, field);
            }
            v = new Variable(flat, scalar(basic, use, field), dims, Variable.Kind.PARAMETER, isConst, Layout.ROW_MAJOR,
                    ctx.src.range(use.first));
        } else {
            throw unsupportedMember(use, field);
        }
        if (use.assigned && passing == Passing.POINTER) {
            throw error("unsupported-struct.member-pointer-assigned", use.first, "code",
                    SourceText.excerpt(use.first));
        }
        ctx.scopes.declareParam(v);
        ctx.scopes.alias(owner + "->" + field.getName(), v);
        return new Member(field.getName(), v, passing);
    }

    /** A member's element type in the IR: the numbers the rest of the front-end accepts. */
    private BaseType scalar(IBasicType basic, Use use, IField field) {
        BaseType t = Types.basic(basic);
        if (t == null) {
            throw unsupportedMember(use, field);
        }
        return t;
    }

    private UnsupportedException unsupportedMember(Use use, IField field) {
        return error("unsupported-struct.member-type", use.first, "code", SourceText.excerpt(use.first), "type",
                CTypes.text(field.getType()));
    }

    /** A name for the member's parameter, unused by the function's own parameters and locals. */
    private String flatName(String owner, String field, Set<String> paramNames) {
        String base = owner + "_" + field;
        String name = base;
        for (int k = 1; ctx.scopes.lookup(name).isPresent() || paramNames.contains(name); k++) {
            name = base + "_" + k;
        }
        return name;
    }

    /**
     * Every {@code owner->m} in {@code def}'s body, by member, in source order; any other use of
     * {@code owner} (passing it on, {@code (*g).m}, assigning it) is a located error.
     */
    private Map<String, Use> uses(IASTFunctionDefinition def, String owner) {
        Map<String, Use> uses = new LinkedHashMap<>();
        List<UnsupportedException> errors = new ArrayList<>();
        def.getBody().accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTIdExpression id && id.getName().toString().equals(owner)) {
                    IASTNode parent = withParens(id).getParent();
                    if (parent instanceof IASTFieldReference f && f.isPointerDereference()) {
                        Use use = uses.computeIfAbsent(f.getFieldName().toString(), k -> new Use(f));
                        use.assigned |= isAssigned(f);
                    } else if (errors.isEmpty() && parent instanceof IASTArraySubscriptExpression a
                            && a.getArrayExpression() == withParens(id)) {
                        errors.add(error("unsupported-struct.array-of-structs", parent, "code",
                                SourceText.excerpt(parent), "name", owner));
                    } else if (errors.isEmpty()) {
                        errors.add(error("unsupported-struct.parameter-use", parent, "code",
                                SourceText.excerpt(parent), "name", owner));
                    }
                }
                return PROCESS_CONTINUE;
            }
        });
        if (!errors.isEmpty()) {
            throw errors.get(0);
        }
        return uses;
    }

    /** True when {@code f} itself (not an element of it) is assigned or incremented. */
    private static boolean isAssigned(IASTFieldReference f) {
        IASTNode n = withParens(f);
        IASTNode parent = n.getParent();
        if (parent instanceof IASTBinaryExpression b) {
            return b.getOperand1() == n && ASSIGNMENTS.contains(b.getOperator());
        }
        if (parent instanceof IASTUnaryExpression u) {
            int op = u.getOperator();
            return op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_prefixDecr
                    || op == IASTUnaryExpression.op_postFixIncr || op == IASTUnaryExpression.op_postFixDecr
                    || op == IASTUnaryExpression.op_amper;
        }
        return false;
    }

    /** {@code e} with the parentheses written around it, if any: the outermost of them (see {@link Exprs#stripParens}). */
    private static IASTNode withParens(IASTExpression e) {
        IASTNode n = e;
        while (n.getParent() instanceof IASTUnaryExpression u
                && u.getOperator() == IASTUnaryExpression.op_bracketedPrimary) {
            n = u;
        }
        return n;
    }

    /** How the parameter's declaration names the struct type: {@code grid_t} or {@code struct grid}. */
    private static String typeText(IASTDeclSpecifier spec) {
        if (spec instanceof IASTNamedTypeSpecifier named) {
            return named.getName().toString();
        }
        IASTElaboratedTypeSpecifier e = (IASTElaboratedTypeSpecifier) spec;
        return "struct " + e.getName();
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
