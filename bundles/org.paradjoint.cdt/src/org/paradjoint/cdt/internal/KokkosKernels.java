package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTLambdaExpression;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTQualifiedName;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTReferenceOperator;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTTemplateId;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Kokkos kernels as IR parallel loops. {@code parallel_for(policy, lambda)} becomes a
 * {@code parallel for} over the policy's range (an {@code MDRangePolicy} of rank k a collapsed
 * nest of k loops), the lambda's index parameters its counters and the lambda's body its body;
 * locals declared in the body are private to it. {@code parallel_reduce(policy, lambda, r)} with
 * a {@code double& s} accumulator becomes {@code r = 0} followed by a loop with
 * {@code reduction(+: r)} in which {@code s} is {@code r}. {@code deep_copy(dst, src)} copies
 * element by element in a parallel loop nest over {@code dst}'s extents. Once in the IR, the
 * kernels are differentiated and analysed as OpenMP loops are; the Kokkos printer writes them
 * back as kernels.
 */
final class KokkosKernels {

    /** The Kokkos functions a statement may call. */
    private static final List<String> KNOWN = List.of("parallel_for", "parallel_reduce", "deep_copy", "fence");

    private final FunctionContext ctx;
    private final Statements statements;

    KokkosKernels(FunctionContext ctx, Statements statements) {
        this.ctx = ctx;
        this.statements = statements;
    }

    /** The name of a {@code Kokkos::f(...)} call, or null when the call is not of Kokkos's namespace. */
    static String kokkosFunction(IASTFunctionCallExpression call) {
        if (call.getFunctionNameExpression() instanceof IASTIdExpression id
                && id.getName() instanceof ICPPASTQualifiedName q && q.getQualifier().length == 1
                && q.getQualifier()[0].toString().equals("Kokkos")) {
            IASTName last = q.getLastName();
            return last instanceof ICPPASTTemplateId t ? t.getTemplateName().toString() : last.toString();
        }
        return null;
    }

    /** The statements a {@code Kokkos::...(...)} expression statement stands for. */
    List<Stmt> statement(IASTFunctionCallExpression call, String function) {
        IASTInitializerClause[] args = call.getArguments();
        return switch (function) {
            case "parallel_for" -> List.of(kernel(call, withoutLabel(args), false));
            case "parallel_reduce" -> reduce(call, withoutLabel(args));
            case "deep_copy" -> deepCopy(call, args);
            case "fence" -> List.of();
            default -> throw error("unsupported-kokkos.call", call, "function", "Kokkos::" + function, "known",
                    String.join(", ", KNOWN.stream().map(k -> "Kokkos::" + k).toList()));
        };
    }

    /** A label string may come first ({@code parallel_for("scale", n, ...)}); it names the kernel for profilers only. */
    private static IASTInitializerClause[] withoutLabel(IASTInitializerClause[] args) {
        if (args.length > 0 && args[0] instanceof IASTLiteralExpression lit
                && lit.getKind() == IASTLiteralExpression.lk_string_literal) {
            IASTInitializerClause[] rest = new IASTInitializerClause[args.length - 1];
            System.arraycopy(args, 1, rest, 0, rest.length);
            return rest;
        }
        return args;
    }

    // ---- kernels ----------------------------------------------------------------------------

    /** A range of one dimension of a policy: [lower, upper). */
    private record Range(Expr lower, Expr upper) {
    }

    private For kernel(IASTFunctionCallExpression call, IASTInitializerClause[] args, boolean reduce) {
        int expected = reduce ? 3 : 2;
        if (args.length != expected) {
            throw error(reduce ? "unsupported-kokkos.reduce-arguments" : "unsupported-kokkos.for-arguments", call,
                    "code", SourceText.excerpt(call));
        }
        List<Range> ranges = policy(args[0]);
        if (!(args[1] instanceof ICPPASTLambdaExpression lambda)) {
            throw error("unsupported-kokkos.functor", args[1], "code", SourceText.excerpt(args[1]));
        }
        return lambdaLoop(lambda, ranges, reduce ? reductionTarget(args[2]) : null);
    }

    private List<Stmt> reduce(IASTFunctionCallExpression call, IASTInitializerClause[] args) {
        if (args.length != 3) {
            throw error("unsupported-kokkos.reduce-arguments", call, "code", SourceText.excerpt(call));
        }
        For loop = kernel(call, args, true);
        Variable result = loop.omp().reductions().get(0).vars().get(0);
        SourceRange where = ctx.src.range(call);
        return List.of(new Assign(new VarRef(result, where), Assign.Op.SET, Exprs.zero(result.isFloating()), false,
                List.of(), where), loop);
    }

    /** The scalar a reduction's result goes to. */
    private Variable reductionTarget(IASTInitializerClause arg) {
        if (arg instanceof IASTIdExpression id) {
            Variable v = ctx.scopes.lookup(id.getName().toString()).orElse(null);
            if (v != null && v.isScalar() && v.isFloating()) {
                return v;
            }
        }
        throw error("unsupported-kokkos.reduce-result", arg, "code", SourceText.excerpt(arg));
    }

    /** A count, {@code RangePolicy<...>(a, b)} or {@code MDRangePolicy<Rank<k>>({a...}, {b...}[, tiles])}. */
    private List<Range> policy(IASTInitializerClause arg) {
        if (arg instanceof IASTFunctionCallExpression p && kokkosFunction(p) != null) {
            String kind = kokkosFunction(p);
            IASTInitializerClause[] a = p.getArguments();
            if (kind.equals("RangePolicy") && a.length == 2) {
                return List.of(new Range(index(a[0]), index(a[1])));
            }
            if (kind.equals("MDRangePolicy") && (a.length == 2 || a.length == 3)
                    && a[0] instanceof IASTInitializerList lo && a[1] instanceof IASTInitializerList hi
                    && lo.getSize() == hi.getSize() && lo.getSize() >= 2 && lo.getSize() <= 3) {
                List<Range> ranges = new ArrayList<>();
                for (int k = 0; k < lo.getSize(); k++) {
                    ranges.add(new Range(index(lo.getClauses()[k]), index(hi.getClauses()[k])));
                }
                return ranges;
            }
            throw error("unsupported-kokkos.policy", arg, "code", SourceText.excerpt(arg));
        }
        if (arg instanceof IASTExpression count && !(arg instanceof IASTInitializerList)) {
            return List.of(new Range(Exprs.integer(0), index(count)));
        }
        throw error("unsupported-kokkos.policy", arg, "code", SourceText.excerpt(arg));
    }

    private Expr index(IASTInitializerClause c) {
        if (!(c instanceof IASTExpression e)) {
            throw error("unsupported-kokkos.policy", c, "code", SourceText.excerpt(c));
        }
        Expr value = ctx.exprs.value(e);
        if (org.paradjoint.core.expr.ExprTypes.isFloating(value)) {
            throw error("unsupported-kokkos.policy", c, "code", SourceText.excerpt(c));
        }
        return value;
    }

    /**
     * The loop nest of a lambda over {@code ranges}: one {@code int} parameter per range, then,
     * for a reduction into {@code result}, a {@code double&} accumulator that stands for it.
     */
    private For lambdaLoop(ICPPASTLambdaExpression lambda, List<Range> ranges, Variable result) {
        if (lambda.getCaptureDefault() != ICPPASTLambdaExpression.CaptureDefault.BY_COPY
                || lambda.getCaptures().length > 0) {
            throw error("unsupported-kokkos.lambda-capture", lambda, "code", SourceText.excerpt(lambda));
        }
        if (!(lambda.getDeclarator() instanceof IASTStandardFunctionDeclarator fd)) {
            throw error("unsupported-kokkos.lambda-parameters", lambda, "count", ranges.size());
        }
        IASTParameterDeclaration[] params = fd.getParameters();
        int wanted = ranges.size() + (result == null ? 0 : 1);
        if (params.length != wanted) {
            throw error("unsupported-kokkos.lambda-parameters", fd, "count", wanted);
        }
        List<Variable> declaredInside = new ArrayList<>();
        ctx.scopes.push();
        ctx.scopes.openCollector(declaredInside);
        List<Variable> counters = new ArrayList<>();
        try {
            for (int k = 0; k < ranges.size(); k++) {
                BaseType t = ctx.types.baseType(params[k].getDeclSpecifier());
                if (t == null || !t.isInteger() || params[k].getDeclarator().getPointerOperators().length > 0) {
                    throw error("unsupported-kokkos.lambda-parameters", params[k], "count", wanted);
                }
                counters.add(ctx.scopes.declareLocal(Variable.scalar(params[k].getDeclarator().getName().toString(),
                        t, Variable.Kind.LOCAL)));
            }
            if (result != null) {
                IASTDeclarator acc = params[ranges.size()].getDeclarator();
                if (acc.getPointerOperators().length != 1
                        || !(acc.getPointerOperators()[0] instanceof ICPPASTReferenceOperator)) {
                    throw error("unsupported-kokkos.reduce-accumulator", params[ranges.size()], "code",
                            SourceText.excerpt(params[ranges.size()]));
                }
                ctx.scopes.alias(acc.getName().toString(), result);
            }
            ctx.activeCounters.addAll(counters);
            Block body;
            try {
                body = statements.body(lambda.getBody());
            } finally {
                counters.forEach(ctx.activeCounters::remove);
            }
            if (result != null) {
                checkAccumulation(body, result, lambda);
            }
            List<Variable> privates = declaredInside.stream().filter(v -> !counters.contains(v)).toList();
            OmpParallelFor omp = OmpParallelFor.plain().withPrivates(privates);
            if (result != null) {
                omp = omp.withReductions(List.of(new OmpParallelFor.Reduction("+", List.of(result))));
            }
            return nest(counters, ranges, body, omp, ctx.src.range(lambda));
        } finally {
            ctx.scopes.closeCollector();
            ctx.scopes.pop();
        }
    }

    /** The accumulator may only be added to: that is what makes the kernel a sum reduction. */
    private void checkAccumulation(Block body, Variable result, IASTNode where) {
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign a && a.target() instanceof VarRef r && r.var().equals(result)
                    && a.op() != Assign.Op.ADD && a.op() != Assign.Op.SUB) {
                throw error("unsupported-kokkos.reduce-accumulator-use", where, "name", result.name());
            }
            for (Expr e : StmtUtil.ownExprs(s)) {
                if (s instanceof Assign a && e == a.target()) {
                    continue;
                }
                if (org.paradjoint.core.expr.ExprUtil.references(e, result)) {
                    throw error("unsupported-kokkos.reduce-accumulator-use", where, "name", result.name());
                }
            }
        });
    }

    private static For nest(List<Variable> counters, List<Range> ranges, Block body, OmpParallelFor omp,
            SourceRange where) {
        return For.parallelNest(counters, ranges.stream().map(Range::lower).toList(),
                ranges.stream().map(Range::upper).toList(), body, omp, where);
    }

    // ---- deep_copy --------------------------------------------------------------------------

    /** {@code deep_copy(dst, src)}: View to View of the same rank, or a scalar into every element. */
    private List<Stmt> deepCopy(IASTFunctionCallExpression call, IASTInitializerClause[] args) {
        if (args.length != 2 || !(args[0] instanceof IASTExpression d)) {
            throw error("unsupported-kokkos.deep-copy", call, "code", SourceText.excerpt(call));
        }
        Variable dst = ctx.exprs.arrayValued(d);
        if (dst == null || !(d instanceof IASTIdExpression)) {
            throw error("unsupported-kokkos.deep-copy", call, "code", SourceText.excerpt(call));
        }
        Variable srcView = args[1] instanceof IASTIdExpression s ? ctx.exprs.arrayValued(s) : null;
        if (srcView != null && srcView.rank() != dst.rank()) {
            throw error("unsupported-kokkos.deep-copy", call, "code", SourceText.excerpt(call));
        }
        Expr scalar = srcView == null ? ctx.exprs.value((IASTExpression) args[1]) : null;
        return copy(dst, srcView, scalar, ctx.src.range(call));
    }

    /** A parallel loop nest over the extents of {@code dst} that sets every element to {@code value}. */
    List<Stmt> fill(Variable dst, Expr value, SourceRange where) {
        return copy(dst, null, value, where);
    }

    /** {@code dst(i...) = src(i...)} (or {@code = scalar} when {@code src} is null) over {@code dst}'s extents. */
    private List<Stmt> copy(Variable dst, Variable src, Expr scalar, SourceRange where) {
        List<Variable> counters = new ArrayList<>();
        List<Range> ranges = new ArrayList<>();
        List<Expr> indices = new ArrayList<>();
        for (int k = 0; k < dst.rank(); k++) {
            Variable c = ctx.scopes.declareLocal(Variable.scalar("pa_" + "ijk".charAt(k), BaseType.INT,
                    Variable.Kind.LOCAL));
            counters.add(c);
            Expr extent = dst.dims().get(k).extentKnown() ? dst.dims().get(k).extent() : Call.extent(dst, k, where);
            ranges.add(new Range(Exprs.integer(0), extent));
            indices.add(new VarRef(c, where));
        }
        Expr value = src == null ? scalar : new ArrayRef(src, indices, where);
        Stmt copy = new Assign(new ArrayRef(dst, indices, where), Assign.Op.SET, value, false, List.of(), where);
        return List.of(nest(counters, ranges, new Block(List.of(copy), where), OmpParallelFor.plain(), where));
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, ctx.src.range(node), arguments);
    }
}
