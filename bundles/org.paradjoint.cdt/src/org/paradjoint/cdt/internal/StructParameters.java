package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTElaboratedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IValue;
import org.paradjoint.cdt.internal.StructMembers.Slot;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.StructParameter.Member;
import org.paradjoint.core.ir.Variable;

/**
 * Parameters that point to structs ({@code grid_t *g}, {@code struct grid *g}), flattened member
 * by member ({@link StructParameter}). Only the members the function names as {@code g->m}, itself
 * or in the helpers it passes {@code g} on to ({@link StructMembers}), become parameters, so a
 * struct may carry whatever else the user keeps in it (a {@code FILE *}, a name);
 * a used member must be a number, a pointer to numbers or an array of numbers. The member
 * parameters are declared in the function's scope under their IR name ({@code g_u}) and under the
 * source text {@code g->u}, which is how expressions and annotations find them.
 */
final class StructParameters {

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

    /** True when {@code p} is one pointer ({@code grid_t *g}, not {@code grid_t **g} or {@code grid_t g[]}). */
    static boolean isPointerToOne(IASTParameterDeclaration p) {
        return p.getDeclarator().getPointerOperators().length == 1 && p.getDeclarator().getNestedDeclarator() == null
                && !(p.getDeclarator() instanceof IASTArrayDeclarator);
    }

    /**
     * Flattens {@code p}, a pointer to {@code struct}: declares a parameter per member that
     * {@code def}'s body and the helpers it passes {@code p} on to use ({@link StructMembers#layout},
     * in the struct's order) and returns the description.
     */
    StructParameter flatten(IASTFunctionDefinition def, IASTParameterDeclaration p, ICompositeType struct) {
        String name = p.getDeclarator().getName().toString();
        if (struct.getKey() != ICompositeType.k_struct) {
            throw error("unsupported-struct.union-parameter", p, "code", SourceText.excerpt(p));
        }
        if (!isPointerToOne(p)) {
            throw error("unsupported-struct.pointer-depth", p, "code", SourceText.excerpt(p));
        }
        List<Slot> slots = ctx.structMembers.layout(def, p, struct);
        Set<String> paramNames = new HashSet<>();
        if (def.getDeclarator() instanceof IASTStandardFunctionDeclarator fd) {
            for (IASTParameterDeclaration q : fd.getParameters()) {
                paramNames.add(q.getDeclarator().getName().toString());
            }
        }
        boolean isConst = p.getDeclSpecifier().isConst();
        int position = ctx.scopes.params().size();
        List<Member> members = new ArrayList<>();
        for (Slot slot : slots) {
            members.add(member(name, slot, isConst, paramNames));
        }
        String typeText = typeText(p.getDeclSpecifier());
        return new StructParameter(name, typeText, CStructText.definition(struct, typeText), isConst, position, members,
                ctx.src.range(p));
    }

    /** {@code slot}'s flattened parameter, declared in the function's scope in slot order (where the struct is). */
    private Member member(String owner, Slot slot, boolean isConst, Set<String> paramNames) {
        IField field = slot.field();
        IType t = CTypes.strip(field.getType());
        String flat = flatName(owner, field.getName(), paramNames);
        SourceRange range = ctx.src.range(slot.first());
        Variable v = switch (slot.passing()) {
            case VALUE -> new Variable(flat, scalar((IBasicType) t, slot), List.of(), Variable.Kind.PARAMETER,
                    isConst, Layout.ROW_MAJOR, range);
            case ADDRESS -> new Variable(flat, scalar((IBasicType) t, slot), List.of(Dim.c(null)),
                    Variable.Kind.PARAMETER, isConst, Layout.ROW_MAJOR, range);
            case POINTER -> {
                IPointerType ptr = (IPointerType) t;
                yield new Variable(flat, scalar((IBasicType) CTypes.strip(ptr.getType()), slot), List.of(Dim.c(null)),
                        Variable.Kind.PARAMETER, CTypes.isConstPointee(ptr), Layout.ROW_MAJOR, range);
            }
            case EMBEDDED -> embedded(flat, t, slot, isConst, range);
        };
        ctx.scopes.declareParam(v);
        ctx.scopes.alias(owner + "->" + field.getName(), v);
        return new Member(field.getName(), v, slot.passing());
    }

    /** An array member: its extents must be constants, its elements numbers. */
    private Variable embedded(String flat, IType t, Slot slot, boolean isConst, SourceRange range) {
        List<Dim> dims = new ArrayList<>();
        IType e = t;
        while (CTypes.strip(e) instanceof IArrayType a) {
            IValue size = a.getSize();
            Number n = size == null ? null : size.numberValue();
            if (n == null) {
                throw unsupportedMember(slot);
            }
            dims.add(Dim.c(new IntLit(n.longValue())));
            e = a.getType();
        }
        if (!(CTypes.strip(e) instanceof IBasicType basic)) {
            throw unsupportedMember(slot);
        }
        return new Variable(flat, scalar(basic, slot), dims, Variable.Kind.PARAMETER, isConst, Layout.ROW_MAJOR,
                range);
    }

    /** A member's element type in the IR: the numbers the rest of the front-end accepts. */
    private BaseType scalar(IBasicType basic, Slot slot) {
        BaseType t = Types.basic(basic);
        if (t == null) {
            throw unsupportedMember(slot);
        }
        return t;
    }

    private UnsupportedException unsupportedMember(Slot slot) {
        return error("unsupported-struct.member-type", slot.first(), "code", SourceText.excerpt(slot.first()), "type",
                CTypes.text(slot.field().getType()));
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

    /** How the parameter's declaration names the struct type: {@code grid_t} or {@code struct grid}. */
    static String typeText(IASTDeclSpecifier spec) {
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
