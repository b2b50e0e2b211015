package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTProblem;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.paradjoint.cdt.internal.PragmaSyntax.Ad;
import org.paradjoint.cdt.internal.PragmaSyntax.Name;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Reduction;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.annotation.Annotation;
import org.paradjoint.core.annotation.Annotation.Checkpoint;
import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.Annotation.Elemental;
import org.paradjoint.core.annotation.Annotation.Gradient;
import org.paradjoint.core.annotation.Annotation.Mapping;
import org.paradjoint.core.annotation.Annotation.Segment;
import org.paradjoint.core.annotation.Annotation.Separable;
import org.paradjoint.core.annotation.Annotation.Stencil;
import org.paradjoint.core.annotation.AnnotationKind;
import org.paradjoint.core.annotation.AnnotationMessages;
import org.paradjoint.core.annotation.AnnotationMessages.Misfit;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.annotation.Spelling;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Turns parsed pragmas into IR annotations: names are resolved against the variables in scope
 * where the pragma applies, and each annotation is checked against what it sits on.
 */
final class PragmaResolver {
    private static final String DISJOINT_PREFIX = "void __paradjoint_disjoint(void) {\n";

    private final FunctionContext ctx;

    PragmaResolver(FunctionContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Checks that every pragma in {@code sites} may sit on {@code target} and reports those that
     * may not (the statement is still mapped, so that its other errors surface too). Returns the
     * sites that fit.
     */
    List<Site> accept(List<Site> sites, AnnotationSite target, boolean parallelLoop) {
        List<Site> ok = new ArrayList<>();
        boolean seenOmp = false;
        for (Site s : sites) {
            if (s.isBroken()) {
                ctx.markFailed();
                continue;
            }
            Misfit problem = misfit(s, target, parallelLoop);
            if (s.isOmp() && problem == null) {
                if (seenOmp) {
                    problem = new Misfit("misplaced-pragma.omp-twice");
                }
                seenOmp = true;
            }
            if (problem == null) {
                ok.add(s);
            } else if (ctx.hasSyntaxErrors()) {
                // a cascade of the syntax error (the pragma's statement was misparsed): that error says it all
                ctx.markFailed();
            } else {
                ctx.report(AnnotationMessages.misplaced(Spelling.C, s.spelling(), target, problem, s.range()));
            }
        }
        return ok;
    }

    private static Misfit misfit(Site s, AnnotationSite target, boolean parallelLoop) {
        if (s.content() instanceof Omp o) {
            return target == AnnotationSite.LOOP && o.directive().isLoop() ? null
                    : new Misfit("misplaced-pragma.omp-not-loop");
        }
        return AnnotationMessages.misfit(Spelling.C, ((Ad) s.content()).annotation().kind(), target, parallelLoop);
    }

    /** The annotation in the IR, names resolved in the current scope; null (reported) on error. */
    AdPragma resolve(Site site) {
        try {
            Ad ad = (Ad) site.content();
            AdPragma p = switch (ad.annotation()) {
            case Gradient g -> g.tangent()
                    ? new AdPragma.Tangent(names(ad, g.dependents()), names(ad, g.independents()), site.range())
                    : new AdPragma.Gradient(names(ad, g.dependents()), names(ad, g.independents()), site.range());
            case Stencil st -> new AdPragma.StencilAdjoint(mappings(ad, st.mappings()), st.strategy(), site.range());
            case Separable sep -> new AdPragma.PartiallySeparable(names(ad, sep.elementals()), site.range());
            case Elemental e -> new AdPragma.Elemental(site.range());
            case Disjoint d -> new AdPragma.Disjoint(disjoint(ad, d), site.range());
            case Checkpoint c -> new AdPragma.Checkpoint(snapshots(ad, c.snapshots()), site.range());
            };
            ctx.adPragmas.add(p);
            return p;
        } catch (UnsupportedException e) {
            ctx.report(e);
            return null;
        }
    }

    /** The clauses of {@code omp parallel for} with variables resolved; null (reported) on error. */
    OmpParallelFor omp(Site site) {
        Omp o = (Omp) site.content();
        try {
            List<OmpParallelFor.Reduction> reductions = new ArrayList<>();
            for (Reduction r : o.reductions()) {
                reductions.add(new OmpParallelFor.Reduction(r.op(), variables(r.vars())));
            }
            return new OmpParallelFor(variables(o.privates()), variables(o.firstprivates()), variables(o.shared()),
                    reductions, o.schedule(), o.collapse(), o.defaultSharing(), site.range());
        } catch (UnsupportedException e) {
            ctx.report(e);
            return null;
        }
    }

    private List<Variable> variables(List<Name> names) {
        List<Variable> out = new ArrayList<>();
        for (Name n : names) {
            Variable v = variable(n.text(), n.offset());
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    private Variable variable(String name, int offset) {
        return ctx.scopes.resolve(name, ctx.src.range(offset, name.length()));
    }

    /**
     * The variable a name of an annotation denotes. A name that is nothing here gets the annotation
     * language's message (the same in every language); globals and functions keep C's own.
     */
    private Variable annotated(Ad ad, Annotation.Name n) {
        SourceRange at = ctx.src.range(ad.offset(n), n.text().length());
        if (ctx.scopes.lookup(n.text()).isEmpty() && !ctx.scopes.isGlobalOrFunction(n.text())) {
            throw new UnsupportedException(AnnotationMessages.unknownVariable(Spelling.C, ad.annotation(), n.text(),
                    at));
        }
        return ctx.scopes.resolve(n.text(), at);
    }

    /** The variables an annotation names, each once, in the order first named. */
    private List<String> names(Ad ad, List<Annotation.Name> names) {
        List<Variable> out = new ArrayList<>();
        for (Annotation.Name n : names) {
            Variable v = annotated(ad, n);
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out.stream().map(Variable::name).toList();
    }

    private List<AdPragma.StencilAdjoint.Mapping> mappings(Ad ad, List<Mapping> mappings) {
        List<AdPragma.StencilAdjoint.Mapping> out = new ArrayList<>();
        for (Mapping m : mappings) {
            Variable array = annotated(ad, m.array());
            if (!array.isArray()) {
                throw new UnsupportedException(AnnotationMessages.scalarInStencil(Spelling.C, m.array().text(),
                        ctx.src.range(ad.offset(m.array()), m.array().text().length())));
            }
            out.add(new AdPragma.StencilAdjoint.Mapping(array.name(), m.adjoint().text()));
        }
        return out;
    }

    /**
     * The number of snapshots of {@code ad checkpoint}: null when omitted, the literal (the grammar
     * accepts only positive ones), or a reference to an integer scalar parameter, which the
     * function cannot change before the loop starts in a way the snapshots' allocation would miss.
     */
    private Expr snapshots(Ad ad, Annotation.Name n) {
        if (n == null) {
            return null;
        }
        SourceRange at = ctx.src.range(ad.offset(n), n.text().length());
        if (Character.isDigit(n.text().charAt(0))) {
            return new IntLit(Long.parseLong(n.text()), at);
        }
        Variable v = annotated(ad, n);
        if (!v.isParameter() || !v.isScalar() || !v.type().isInteger()) {
            throw new UnsupportedException("checkpoint-snapshots-parameter", at, "annotation",
                    Spelling.C.quote(AnnotationKind.CHECKPOINT.label()), "name", Spelling.C.quote(n.text()));
        }
        return new VarRef(v, at);
    }

    /** Parses each expression of {@code ad disjoint} as C, against the variables in scope. */
    private List<Expr> disjoint(Ad ad, Disjoint d) {
        List<Expr> out = new ArrayList<>();
        for (Segment seg : d.expressions()) {
            IASTTranslationUnit tu = CdtParser.parse("disjoint", DISJOINT_PREFIX + seg.text() + ";\n}\n", ctx.macros);
            IASTExpressionStatement stmt = singleExpression(tu);
            if (stmt == null) {
                throw new UnsupportedException(AnnotationMessages.notAnExpression(Spelling.C, seg.text(),
                        ctx.src.range(ad.base() + seg.offset(), seg.text().length())));
            }
            Exprs shifted = new Exprs(ctx.src, ctx.types, ctx.scopes,
                    ad.base() + seg.offset() - DISJOINT_PREFIX.length());
            out.add(shifted.value(stmt.getExpression()));
        }
        return out;
    }

    private static IASTExpressionStatement singleExpression(IASTTranslationUnit tu) {
        boolean[] problem = {false};
        tu.accept(new ASTVisitor() {
            {
                shouldVisitProblems = true;
            }

            @Override
            public int visit(IASTProblem p) {
                problem[0] = true;
                return PROCESS_ABORT;
            }
        });
        if (problem[0] || tu.getDeclarations().length != 1
                || !(tu.getDeclarations()[0] instanceof IASTFunctionDefinition def)
                || !(def.getBody() instanceof IASTCompoundStatement body)) {
            return null;
        }
        IASTStatement[] stmts = body.getStatements();
        return stmts.length == 1 && stmts[0] instanceof IASTExpressionStatement es ? es : null;
    }
}
