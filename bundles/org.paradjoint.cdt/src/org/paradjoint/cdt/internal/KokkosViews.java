package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTTypeId;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTQualifiedName;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTReferenceOperator;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTTemplateId;
import org.eclipse.cdt.core.dom.ast.IASTArrayModifier;
import org.paradjoint.cdt.KokkosPrinter;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Variable;

/**
 * {@code Kokkos::View} types as IR arrays: {@code View<double**, Kokkos::LayoutLeft>} is a
 * two-dimensional array of doubles in column-major order; {@code const double*} sets
 * {@code isConst}; compile-time extents ({@code double*[5]}) are known extents, run-time ones
 * unknown. The memory space and traits arguments say where the data lives, not what it is, and
 * are accepted and dropped (the generated adjoint Views use the default space). A parameter
 * whose type is a template parameter of the function ({@code ViewtypeX x}) is a View of doubles
 * whose rank its uses give; it keeps the parameter's name as its type name.
 */
final class KokkosViews {

    /** Layouts the IR cannot express: strided and tiled Views. */
    private static final Set<String> UNSUPPORTED_LAYOUTS = Set.of("LayoutStride", "LayoutTiled");

    private final SourceText src;
    private final Types types;

    KokkosViews(SourceText src, Types types) {
        this.src = src;
        this.types = types;
    }

    /** True when the declaration specifier names {@code Kokkos::View<...>}. */
    static boolean isView(IASTDeclSpecifier spec) {
        return spec instanceof IASTNamedTypeSpecifier named && viewTemplate(named.getName()) != null;
    }

    /**
     * The variable a View declaration declares. {@code runtimeExtents} are the extents a local
     * View's constructor gives (label first, already dropped); parameters pass none.
     */
    Variable view(IASTNamedTypeSpecifier spec, IASTDeclarator declarator, Variable.Kind kind, List<Expr> runtimeExtents) {
        ICPPASTTemplateId id = viewTemplate(spec.getName());
        IASTNode[] args = id.getTemplateArguments();
        if (args.length == 0 || !(args[0] instanceof IASTTypeId element)) {
            throw error("unsupported-kokkos.view-type", spec, "code", SourceText.excerpt(spec));
        }
        BaseType type = types.baseType(element.getDeclSpecifier());
        if (type == null || !type.isFloating() && !type.isInteger()) {
            throw error("unsupported-kokkos.view-type", spec, "code", SourceText.excerpt(spec));
        }
        IASTDeclarator shape = element.getAbstractDeclarator();
        int dynamic = shape == null ? 0 : shape.getPointerOperators().length;
        List<Dim> dims = new ArrayList<>();
        for (int k = 0; k < dynamic; k++) {
            dims.add(Dim.c(k < runtimeExtents.size() ? runtimeExtents.get(k) : null));
        }
        if (shape instanceof ICPPASTArrayDeclarator arrays) {
            for (IASTArrayModifier m : arrays.getArrayModifiers()) {
                IASTExpression e = m.getConstantExpression();
                if (e == null) {
                    throw error("unsupported-kokkos.view-type", spec, "code", SourceText.excerpt(spec));
                }
                dims.add(Dim.c(org.paradjoint.core.expr.Exprs.integer(Long.parseLong(e.getRawSignature().strip()))));
            }
        }
        if (dims.isEmpty() || dims.size() > 3) {
            throw error("unsupported-kokkos.view-rank", spec, "code", SourceText.excerpt(spec), "rank", dims.size());
        }
        Layout layout = Layout.ROW_MAJOR;
        for (int k = 1; k < args.length; k++) {
            String arg = lastName(args[k]);
            if ("LayoutLeft".equals(arg)) {
                layout = Layout.COLUMN_MAJOR;
            } else if (UNSUPPORTED_LAYOUTS.contains(arg)) {
                throw error("unsupported-kokkos.view-layout", spec, "layout", arg);
            }
        }
        checkDeclarator(declarator);
        boolean isConst = element.getDeclSpecifier().isConst();
        return new Variable(declarator.getName().toString(), type, dims, kind, isConst, layout,
                src.range(declarator), KokkosPrinter.VIEW);
    }

    /** A parameter whose type is a template parameter: a View of doubles of the rank its uses show. */
    Variable templated(IASTNamedTypeSpecifier spec, IASTDeclarator declarator, int rank) {
        if (rank < 1 || rank > 3) {
            throw error("unsupported-kokkos.template-parameter-rank", declarator, "name", declarator.getName(),
                    "type", spec.getName());
        }
        checkDeclarator(declarator);
        List<Dim> dims = new ArrayList<>();
        for (int k = 0; k < rank; k++) {
            dims.add(Dim.c(null));
        }
        return new Variable(declarator.getName().toString(), BaseType.DOUBLE, dims, Variable.Kind.PARAMETER,
                spec.isConst(), Layout.ROW_MAJOR, src.range(declarator)).withTypeName(spec.getName().toString());
    }

    /** A View is passed by value or by reference ({@code const View<...>& v}), never by pointer. */
    private void checkDeclarator(IASTDeclarator declarator) {
        for (var op : declarator.getPointerOperators()) {
            if (!(op instanceof ICPPASTReferenceOperator ref) || ref.isRValueReference()) {
                throw error("unsupported-kokkos.view-pointer", declarator, "code", SourceText.excerpt(declarator));
            }
        }
    }

    /** The {@code View<...>} part of {@code Kokkos::View<...>} (or {@code View<...>}), else null. */
    private static ICPPASTTemplateId viewTemplate(IASTName name) {
        IASTName last = name instanceof ICPPASTQualifiedName q ? q.getLastName() : name;
        if (last instanceof ICPPASTTemplateId t && t.getTemplateName().toString().equals("View")) {
            if (name instanceof ICPPASTQualifiedName q) {
                var qualifier = q.getQualifier();
                if (qualifier.length != 1 || !qualifier[0].toString().equals("Kokkos")) {
                    return null;
                }
            }
            return t;
        }
        return null;
    }

    /** The last name of a template argument that names a type ({@code Kokkos::LayoutLeft}), else null. */
    private static String lastName(IASTNode arg) {
        if (arg instanceof IASTTypeId t && t.getDeclSpecifier() instanceof IASTNamedTypeSpecifier n) {
            IASTName name = n.getName();
            return (name instanceof ICPPASTQualifiedName q ? q.getLastName() : name).toString();
        }
        return null;
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, src.range(node), arguments);
    }
}
