package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

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
import org.paradjoint.cdt.CDiagnosticCodes;
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
            throw unsupported(CDiagnosticCodes.STRUCT, spec, "struct and union types are not supported (`"
                    + SourceText.excerpt(spec) + "`); pass the members as separate scalars or arrays");
        }
        if (spec instanceof IASTEnumerationSpecifier) {
            throw unsupported(CDiagnosticCodes.TYPE, spec, "enum types are not supported; use int");
        }
        if (spec instanceof IASTNamedTypeSpecifier named) {
            throw unsupported(CDiagnosticCodes.TYPE, spec, "type `" + named.getName()
                    + "` is not supported (typedef names are not resolved); use int, long, float or double");
        }
        if (!(spec instanceof IASTSimpleDeclSpecifier s)) {
            throw unsupported(CDiagnosticCodes.TYPE, spec, "type `" + SourceText.excerpt(spec) + "` is not supported");
        }
        if (s.isComplex() || s.isImaginary()) {
            throw unsupported(CDiagnosticCodes.COMPLEX, spec, "complex type `" + SourceText.excerpt(spec)
                    + "` is not supported; store real and imaginary parts in separate double arrays");
        }
        if (s.isUnsigned()) {
            throw unsupported(CDiagnosticCodes.TYPE, spec, "unsigned type `" + SourceText.excerpt(spec)
                    + "` is not supported; use int or long");
        }
        switch (s.getType()) {
        case IASTSimpleDeclSpecifier.t_void:
            return null;
        case IASTSimpleDeclSpecifier.t_double:
            if (s.isLong()) {
                throw unsupported(CDiagnosticCodes.LONG_DOUBLE, spec,
                        "`long double` is not supported; use double");
            }
            return BaseType.DOUBLE;
        case IASTSimpleDeclSpecifier.t_float:
            return BaseType.FLOAT;
        case IASTSimpleDeclSpecifier.t_int:
        case IASTSimpleDeclSpecifier.t_unspecified:
            if (s.isShort()) {
                throw unsupported(CDiagnosticCodes.TYPE, spec, "`short` is not supported; use int or long");
            }
            if (s.getType() == IASTSimpleDeclSpecifier.t_unspecified && !s.isLong() && !s.isLongLong()
                    && !s.isSigned()) {
                throw unsupported(CDiagnosticCodes.TYPE, spec, "declaration without a type (implicit int) is not"
                        + " supported; write the type");
            }
            return s.isLong() || s.isLongLong() ? BaseType.LONG : BaseType.INT;
        default:
            throw unsupported(CDiagnosticCodes.TYPE, spec, "type `" + SourceText.excerpt(spec)
                    + "` is not supported; use int, long, float or double");
        }
    }

    /** The scalar type a cast converts to. */
    BaseType castType(IASTTypeId typeId) {
        IASTDeclarator d = typeId.getAbstractDeclarator();
        if (d != null && (d.getPointerOperators().length > 0 || d.getNestedDeclarator() != null
                || d instanceof IASTArrayDeclarator || d instanceof IASTFunctionDeclarator)) {
            throw unsupported(CDiagnosticCodes.CAST, typeId, "cast to `" + SourceText.excerpt(typeId)
                    + "` is not supported; only casts to int, long, float or double are");
        }
        BaseType t;
        try {
            t = baseType(typeId.getDeclSpecifier());
        } catch (UnsupportedException e) {
            throw unsupported(CDiagnosticCodes.CAST, typeId, "cast to `" + SourceText.excerpt(typeId)
                    + "` is not supported; only casts to int, long, float or double are");
        }
        if (t == null) {
            throw unsupported(CDiagnosticCodes.CAST, typeId, "cast to void is not supported");
        }
        return t;
    }

    /**
     * The shape of a declarator: scalars, {@code *p}, {@code a[n][m]}, {@code (*p)[m]}. Function
     * declarators, pointers to pointers and arrays of pointers are errors.
     */
    Shape shape(IASTDeclarator d) {
        if (d instanceof IASTFunctionDeclarator) {
            throw unsupported(CDiagnosticCodes.FUNCTION_POINTER, d, "function pointer or function declaration `"
                    + SourceText.excerpt(d) + "` is not supported here; call functions directly by name");
        }
        IASTPointerOperator[] outerPointers = d.getPointerOperators();
        IASTArrayModifier[] mods = d instanceof IASTArrayDeclarator a ? a.getArrayModifiers()
                : new IASTArrayModifier[0];
        IASTDeclarator nested = d.getNestedDeclarator();
        List<IASTExpression> extents = new ArrayList<>();
        if (nested != null) {
            if (nested instanceof IASTFunctionDeclarator || nested.getNestedDeclarator() != null
                    || nested instanceof IASTArrayDeclarator) {
                throw unsupported(CDiagnosticCodes.FUNCTION_POINTER, d, "declarator `" + SourceText.excerpt(d)
                        + "` is not supported; use `T (*p)[m]`, `T *p` or `T a[n][m]`");
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
            throw unsupported(CDiagnosticCodes.POINTER_TO_POINTER, d, "array of pointers `"
                    + SourceText.excerpt(d) + "` is not supported; use a multi-dimensional array");
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
        return unsupported(CDiagnosticCodes.POINTER_TO_POINTER, d, "pointer to pointer `" + SourceText.excerpt(d)
                + "` is not supported; use a multi-dimensional array such as `double a[n][m]` or `double (*a)[m]`");
    }

    private UnsupportedException unsupported(String code, IASTNode node, String message) {
        return new UnsupportedException(code, src.range(node), message);
    }
}
