package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.ASTTypeUtil;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArrayModifier;
import org.eclipse.cdt.core.dom.ast.IASTCompositeTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTElaboratedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTEnumerationSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTPointerOperator;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTTypeId;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;

/** C types as the IR sees them: a {@link BaseType} and a list of dimensions. */
final class Types {
    /**
     * The shape of a declarator: its name and one entry per dimension, outermost first. An entry
     * is the extent expression, or null where the extent is unknown ({@code *p}, {@code (*p)[4]},
     * {@code a[]}).
     */
    record Shape(String name, IASTDeclarator nameDeclarator, List<IASTExpression> extents, boolean viaPointer) {
    }

    private final SourceText src;

    Types(SourceText src) {
        this.src = src;
    }

    /** The element type named by a declaration specifier; null for {@code void}. */
    BaseType baseType(IASTDeclSpecifier spec) {
        if (spec instanceof IASTCompositeTypeSpecifier || spec instanceof IASTElaboratedTypeSpecifier) {
            throw unsupported("unsupported-struct.struct-union-types", spec, "code", SourceText.excerpt(spec));
        }
        if (spec instanceof IASTEnumerationSpecifier) {
            throw unsupported("unsupported-type.enum-types-are", spec);
        }
        if (spec instanceof IASTNamedTypeSpecifier named) {
            return typedef(named);
        }
        if (!(spec instanceof IASTSimpleDeclSpecifier s)) {
            throw unsupported("unsupported-type.type-supported", spec, "code", SourceText.excerpt(spec));
        }
        if (s.isComplex() || s.isImaginary()) {
            throw unsupported("unsupported-complex", spec, "code", SourceText.excerpt(spec));
        }
        if (s.isUnsigned()) {
            throw unsupported("unsupported-type.unsigned-type-supported", spec, "code", SourceText.excerpt(spec));
        }
        switch (s.getType()) {
        case IASTSimpleDeclSpecifier.t_void:
            return null;
        case IASTSimpleDeclSpecifier.t_double:
            if (s.isLong()) {
                throw unsupported("unsupported-long-double.long-double-supported", spec);
            }
            return BaseType.DOUBLE;
        case IASTSimpleDeclSpecifier.t_float:
            return BaseType.FLOAT;
        case IASTSimpleDeclSpecifier.t_int:
        case IASTSimpleDeclSpecifier.t_unspecified:
            if (s.isShort()) {
                throw unsupported("unsupported-type.short-supported-use", spec);
            }
            if (s.getType() == IASTSimpleDeclSpecifier.t_unspecified && !s.isLong() && !s.isLongLong()
                    && !s.isSigned()) {
                throw unsupported("unsupported-type.declaration-without-type", spec);
            }
            return s.isLong() || s.isLongLong() ? BaseType.LONG : BaseType.INT;
        default:
            throw unsupported("unsupported-type.type-supported-use", spec, "code", SourceText.excerpt(spec));
        }
    }

    /**
     * The element type a typedef name stands for ({@code typedef double real_t;}, {@code size_t},
     * {@code int64_t}), through typedefs of typedefs. Integer typedefs of any width from
     * {@code int} up and of either signedness are integers: {@code int} stays {@code int}, the
     * others ({@code size_t}, {@code uint32_t}, {@code ptrdiff_t}) are {@code long}, which holds
     * their values as long as they do not wrap around. Generated code spells the resolved type,
     * so it needs no header of the user's.
     */
    private BaseType typedef(IASTNamedTypeSpecifier named) {
        if (named.getName().toString().equals("MPI_Comm")) {
            return BaseType.MPI_COMM; // a handle whose type differs between MPI libraries: known by its name
        }
        IBinding binding = named.getName().resolveBinding();
        if (!(binding instanceof ITypedef typedef)) {
            throw unsupported("unsupported-type.typedef-unresolved", named, "name", named.getName());
        }
        IType t = typedef.getType();
        while (t instanceof ITypedef || t instanceof IQualifierType) {
            t = t instanceof ITypedef inner ? inner.getType() : ((IQualifierType) t).getType();
        }
        if (t instanceof IBasicType basic) {
            BaseType resolved = basic(basic);
            if (resolved != null || basic.getKind() == IBasicType.Kind.eVoid) {
                return resolved;
            }
        }
        throw unsupported("unsupported-type.typedef-of", named, "name", named.getName(), "type",
                ASTTypeUtil.getType(typedef.getType(), false));
    }

    /** A basic type a typedef resolved to; null for void and for what is not supported (short, char, long double). */
    static BaseType basic(IBasicType t) {
        return switch (t.getKind()) {
        case eDouble -> t.isLong() ? null : BaseType.DOUBLE;
        case eFloat -> BaseType.FLOAT;
        case eInt, eUnspecified -> t.isShort() ? null
                : t.isLong() || t.isLongLong() || t.isUnsigned() ? BaseType.LONG : BaseType.INT;
        default -> null;
        };
    }

    /** The scalar type a cast converts to. */
    BaseType castType(IASTTypeId typeId) {
        IASTDeclarator d = typeId.getAbstractDeclarator();
        if (d != null && (d.getPointerOperators().length > 0 || d.getNestedDeclarator() != null
                || d instanceof IASTArrayDeclarator || d instanceof IASTFunctionDeclarator)) {
            throw unsupported("unsupported-cast.cast-supported-casts", typeId, "code", SourceText.excerpt(typeId));
        }
        BaseType t;
        try {
            t = baseType(typeId.getDeclSpecifier());
        } catch (UnsupportedException e) {
            throw unsupported("unsupported-cast.cast-supported-casts", typeId, "code", SourceText.excerpt(typeId));
        }
        if (t == null) {
            throw unsupported("unsupported-cast.cast-void-supported", typeId);
        }
        return t;
    }

    /**
     * The shape of a declarator: scalars, {@code *p}, {@code a[n][m]}, {@code (*p)[m]}. Function
     * declarators, pointers to pointers and arrays of pointers are errors.
     */
    Shape shape(IASTDeclarator d) {
        if (d instanceof IASTFunctionDeclarator) {
            throw unsupported("unsupported-function-pointer.function-pointer-function", d, "code",
                    SourceText.excerpt(d));
        }
        IASTPointerOperator[] outerPointers = d.getPointerOperators();
        IASTArrayModifier[] mods = d instanceof IASTArrayDeclarator a ? a.getArrayModifiers()
                : new IASTArrayModifier[0];
        IASTDeclarator nested = d.getNestedDeclarator();
        List<IASTExpression> extents = new ArrayList<>();
        if (nested != null) {
            if (nested instanceof IASTFunctionDeclarator || nested.getNestedDeclarator() != null
                    || nested instanceof IASTArrayDeclarator) {
                throw unsupported("unsupported-function-pointer.declarator-supported-use", d, "code",
                        SourceText.excerpt(d));
            }
            int inner = nested.getPointerOperators().length;
            if (inner > 1 || outerPointers.length > 0) {
                throw pointerToPointer(d);
            }
            if (inner == 1) {
                extents.add(null);
            }
            addModifiers(extents, mods);
            return new Shape(nested.getName().toString(), nested, extents, inner == 1);
        }
        if (mods.length > 0 && outerPointers.length > 0) {
            throw unsupported("unsupported-pointer-to-pointer.array-pointers-supported", d, "code",
                    SourceText.excerpt(d));
        }
        if (outerPointers.length > 1) {
            throw pointerToPointer(d);
        }
        if (outerPointers.length == 1) {
            extents.add(null);
        }
        addModifiers(extents, mods);
        return new Shape(d.getName().toString(), d, extents, outerPointers.length == 1);
    }

    private static void addModifiers(List<IASTExpression> extents, IASTArrayModifier[] mods) {
        for (IASTArrayModifier m : mods) {
            extents.add(m.getConstantExpression());
        }
    }

    private UnsupportedException pointerToPointer(IASTDeclarator d) {
        return unsupported("unsupported-pointer-to-pointer.pointer-pointer-supported", d, "code",
                SourceText.excerpt(d));
    }

    private UnsupportedException unsupported(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, src.range(node), arguments);
    }
}
