package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * One function definition to an IR {@link Function}. Parameters: scalars, {@code T *p}
 * (one dimension, extent unknown), {@code T a[n][m]} (C99 VLA extents over earlier parameters),
 * {@code T (*p)[m]}; {@code const} on the element type sets {@code isConst}.
 * <p>
 * Aliasing: two pointer parameters are assumed not to overlap, as if declared {@code restrict}.
 * That is what users of AD tools expect and what the analyses rely on; local pointers, which
 * could alias silently, are refused (see {@link Declarations}).
 */
final class FunctionMapper {
    private final SourceText src;
    private final Reporter reporter;
    private final Set<String> globals;
    private final Set<String> functionNames;
    private final Map<String, String> macros;
    private final boolean kokkos;
    private final StructMembers structMembers;

    FunctionMapper(SourceText src, Reporter reporter, Set<String> globals, Set<String> functionNames,
            Map<String, String> macros, boolean kokkos, StructMembers structMembers) {
        this.src = src;
        this.reporter = reporter;
        this.globals = globals;
        this.functionNames = functionNames;
        this.macros = macros;
        this.kokkos = kokkos;
        this.structMembers = structMembers;
    }

    /**
     * The function, or null when it has errors (reported). {@code before} are the annotations
     * written right before the definition, {@code inside} those in its body, both in source order.
     */
    Function map(IASTFunctionDefinition def, List<Site> before, List<Site> inside, boolean hasProblems) {
        return map(def, before, inside, hasProblems, Set.of());
    }

    /** {@code templateTypes}: the type parameters of the template the definition belongs to (C++). */
    Function map(IASTFunctionDefinition def, List<Site> before, List<Site> inside, boolean hasProblems,
            Set<String> templateTypes) {
        String name = def.getDeclarator().getName().toString();
        Scopes scopes = new Scopes(name, globals, functionNames);
        FunctionContext ctx = new FunctionContext(src, scopes, reporter, inside, macros, kokkos, structMembers);
        if (hasProblems) {
            ctx.markSyntaxErrors();
        }
        BaseType returnType;
        List<StructParameter> structs = new ArrayList<>();
        try {
            returnType = signature(def, ctx, templateTypes, structs);
        } catch (UnsupportedException e) {
            ctx.report(e);
            return null;
        }
        Statements statements = new Statements(ctx);
        statements.exits().enter(def);
        Block body = def.getBody() instanceof IASTCompoundStatement c
                ? statements.exits().withReturnFlagCleared(statements.compound(c))
                : new Block(List.of(), src.range(def.getBody()));
        // the annotation before the function sees its parameters and the local it returns, if any
        ctx.scopes.push();
        try {
            returnedLocal(def, body).ifPresent(r -> ctx.scopes.alias(r.sourceName(), r.variable()));
            for (Site s : statements.pragmas().accept(before, AnnotationSite.FUNCTION, false)) {
                statements.pragmas().resolve(s);
            }
        } finally {
            ctx.scopes.pop();
        }
        KokkosParameters.checkSubviews(ctx, body);
        checkLocalExtents(ctx, body);
        if (ctx.failed()) {
            return null;
        }
        List<AdPragma> pragmas = new ArrayList<>(ctx.adPragmas);
        pragmas.sort(Comparator.comparingInt(p -> p.range().offset()));
        boolean isStatic = def.getDeclSpecifier().getStorageClass() == IASTDeclSpecifier.sc_static;
        return new Function(name, returnType, scopes.params(), scopes.locals(), body, pragmas, Linkage.of(isStatic),
                null, src.range(def), Set.of(), Function.ReturnKind.VALUE, structs);
    }

    /**
     * A variable-length local array is declared at the start of the generated functions, so the
     * parameters of its size must keep their value through the function.
     */
    private static void checkLocalExtents(FunctionContext ctx, Block body) {
        if (ctx.isKokkos()) {
            return; // a View's extents are its own, not a C declaration's
        }
        Set<Variable> written = StmtUtil.writes(body);
        for (Variable local : ctx.scopes.locals()) {
            for (Dim d : local.dims()) {
                for (Variable v : d.extent() == null ? Set.<Variable>of() : ExprUtil.variables(d.extent())) {
                    if (written.contains(v)) {
                        ctx.report(Diagnostic.error("unsupported-local-vla.size-assigned", local.range(), "name",
                                local.name(), "variable", v.name()));
                    }
                }
            }
        }
    }

    /** A local variable as the source names it and as the IR does. */
    private record Returned(String sourceName, Variable variable) {
    }

    /** The local the function returns by its last statement ({@code return r;}), if it does. */
    private static Optional<Returned> returnedLocal(IASTFunctionDefinition def, Block body) {
        if (def.getBody() instanceof IASTCompoundStatement c && c.getStatements().length > 0
                && c.getStatements()[c.getStatements().length - 1] instanceof IASTReturnStatement r
                && r.getReturnValue() instanceof IASTIdExpression id && !body.stmts().isEmpty()
                && body.stmts().get(body.stmts().size() - 1) instanceof Return mapped
                && mapped.value() instanceof VarRef v && !v.var().isParameter()) {
            return Optional.of(new Returned(id.getName().toString(), v.var()));
        }
        return Optional.empty();
    }

    private BaseType signature(IASTFunctionDefinition def, FunctionContext ctx, Set<String> templateTypes,
            List<StructParameter> structs) {
        if (!(def.getDeclarator() instanceof IASTStandardFunctionDeclarator fd)) {
            throw error("unsupported-function.old-style-k", def.getDeclarator(), "code",
                    SourceText.excerpt(def.getDeclarator()));
        }
        String name = fd.getName().toString();
        if (fd.takesVarArgs()) {
            throw error("unsupported-function.variadic-function-supported", fd, "name", name);
        }
        if (fd.getPointerOperators().length > 0 || fd.getNestedDeclarator() != null) {
            throw error("unsupported-function.function-returns-pointer", fd, "name", name);
        }
        BaseType returnType = ctx.types.baseType(def.getDeclSpecifier());
        IASTParameterDeclaration[] params = fd.getParameters();
        if (params.length == 1 && isVoid(params[0])) {
            return returnType;
        }
        for (IASTParameterDeclaration p : params) {
            ICompositeType struct = kokkos ? null : StructParameters.pointee(p);
            if (struct != null) {
                if (StructParameters.byValue(p)) {
                    throw error("unsupported-struct.by-value", p, "code", SourceText.excerpt(p));
                }
                StructParameter flattened = new StructParameters(ctx).flatten(def, p, struct);
                structs.add(flattened);
                ctx.structArguments.declare(flattened);
                continue;
            }
            Variable view = kokkos ? KokkosParameters.parameter(def, p, ctx, templateTypes) : null;
            ctx.scopes.declareParam(view != null ? view : parameter(p, ctx));
        }
        return returnType;
    }

    private static boolean isVoid(IASTParameterDeclaration p) {
        IASTDeclarator d = p.getDeclarator();
        return p.getDeclSpecifier() instanceof IASTSimpleDeclSpecifier s
                && s.getType() == IASTSimpleDeclSpecifier.t_void && d.getPointerOperators().length == 0
                && d.getName().toString().isEmpty();
    }

    private Variable parameter(IASTParameterDeclaration p, FunctionContext ctx) {
        BaseType type = ctx.types.baseType(p.getDeclSpecifier());
        if (type == null) {
            throw error("unsupported-type.parameter-has-type", p, "code", SourceText.excerpt(p));
        }
        Types.Shape shape = ctx.types.shape(p.getDeclarator());
        if (shape.name().isEmpty()) {
            throw error("unsupported-function.unnamed-parameter-definition", p, "code", SourceText.excerpt(p));
        }
        List<Dim> dims = new ArrayList<>();
        for (IASTExpression extent : shape.extents()) {
            dims.add(Dim.c(extent == null ? null : ctx.exprs.value(extent)));
        }
        return new Variable(shape.name(), type, dims, Variable.Kind.PARAMETER, p.getDeclSpecifier().isConst(),
                Layout.ROW_MAJOR, src.range(p));
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, src.range(node), arguments);
    }
}
