package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.annotation.Annotation;
import org.paradjoint.core.annotation.Annotation.Checkpoint;
import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.Annotation.Elemental;
import org.paradjoint.core.annotation.Annotation.Gradient;
import org.paradjoint.core.annotation.Annotation.Mapping;
import org.paradjoint.core.annotation.Annotation.Segment;
import org.paradjoint.core.annotation.Annotation.Separable;
import org.paradjoint.core.annotation.Annotation.Stencil;
import org.paradjoint.core.annotation.AnnotationDiagnostic;
import org.paradjoint.core.annotation.AnnotationException;
import org.paradjoint.core.annotation.AnnotationKind;
import org.paradjoint.core.annotation.AnnotationMessages;
import org.paradjoint.core.annotation.AnnotationParser;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.annotation.Spelling;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;

/**
 * {@code !$ad} annotations: core's annotation grammar ({@link AnnotationParser} with
 * {@link Spelling#FORTRAN}) reads the directive, and this class resolves what it read: names
 * against the procedure's variables, the expressions of {@code disjoint(...)} as Fortran. Its
 * errors and the grammar's read as the C front-end's do, but for the language's spelling.
 */
final class AdDirective {

    private final AnnotationText text;
    private final Annotation annotation;
    private final Scope scope;
    private final SourceText src;

    private AdDirective(AnnotationText text, Annotation annotation, Scope scope, SourceText src) {
        this.text = text;
        this.annotation = annotation;
        this.scope = scope;
        this.src = src;
    }

    static AdPragma parse(LogicalLine l, Scope scope, ExprParser exprs, SourceText src) {
        AnnotationText text = AnnotationText.of(l);
        Annotation a;
        try {
            a = AnnotationParser.parse(text.text(), Spelling.FORTRAN);
        } catch (AnnotationException e) {
            AnnotationDiagnostic d = e.diagnostic();
            throw new UnsupportedException(d.at(text.range(src, d.offset(), d.length())));
        }
        return new AdDirective(text, a, scope, src).resolve(src.range(l.start(), l.end()), exprs);
    }

    private AdPragma resolve(SourceRange range, ExprParser exprs) {
        return switch (annotation) {
            case Gradient g -> g.tangent()
                    ? new AdPragma.Tangent(names(g.dependents()), names(g.independents()), range)
                    : new AdPragma.Gradient(names(g.dependents()), names(g.independents()), range);
            case Stencil st -> new AdPragma.StencilAdjoint(mappings(st.mappings()), st.strategy(), range);
            case Separable sep -> new AdPragma.PartiallySeparable(names(sep.elementals()), range);
            case Elemental e -> new AdPragma.Elemental(range);
            case Disjoint d -> new AdPragma.Disjoint(disjoint(d, exprs), range);
            // the checkpointed reversal allocates snapshots through C's runtime, which the Fortran printer lacks
            case Checkpoint c -> throw new UnsupportedException("checkpoint-c-only", range, "annotation",
                    Spelling.FORTRAN.quote(AnnotationKind.CHECKPOINT.label()));
        };
    }

    /** The variables the annotation names, each once, in the order first named. */
    private List<String> names(List<Annotation.Name> names) {
        List<String> out = new ArrayList<>();
        for (Annotation.Name n : names) {
            String v = variable(n).name();
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    private List<AdPragma.StencilAdjoint.Mapping> mappings(List<Mapping> mappings) {
        List<AdPragma.StencilAdjoint.Mapping> out = new ArrayList<>();
        for (Mapping m : mappings) {
            Variable array = variable(m.array());
            if (!array.isArray()) {
                throw new UnsupportedException(AnnotationMessages.scalarInStencil(Spelling.FORTRAN, m.array().text(),
                        at(m.array())));
            }
            out.add(new AdPragma.StencilAdjoint.Mapping(array.name(), m.adjoint().text()));
        }
        return out;
    }

    /**
     * Each expression of {@code ad disjoint}, read as Fortran from the directive's own tokens. Text
     * that is not one expression is the annotation's error; a well-formed expression's errors (an
     * undeclared name, a wrong subscript count) are the expression parser's, as in code.
     */
    private List<Expr> disjoint(Disjoint d, ExprParser exprs) {
        List<Expr> out = new ArrayList<>();
        for (Segment seg : d.expressions()) {
            UnsupportedException notExpr = new UnsupportedException(AnnotationMessages.notAnExpression(
                    Spelling.FORTRAN, seg.text(), text.range(src, seg.offset(), seg.text().length())));
            List<Token> toks = text.tokens(seg.offset(), seg.text().length());
            if (toks.isEmpty()) {
                // the segment lies inside one token (as "/" of "(/"): no expression of its own
                throw notExpr;
            }
            Cursor c = new Cursor(new LogicalLine(LogicalLine.Kind.AD, toks, toks.get(0).start(),
                    toks.get(toks.size() - 1).end()), src);
            try {
                out.add(exprs.parse(c));
            } catch (UnsupportedException e) {
                throw e.diagnostic().code().equals("syntax-error") ? notExpr : e;
            }
            if (!c.atEnd()) {
                throw notExpr;
            }
        }
        return out;
    }

    private Variable variable(Annotation.Name n) {
        if (!(scope.lookup(n.text()) instanceof Scope.Var v)) {
            throw new UnsupportedException(AnnotationMessages.unknownVariable(Spelling.FORTRAN, annotation, n.text(),
                    at(n)));
        }
        return v.variable();
    }

    private SourceRange at(Annotation.Name n) {
        return text.range(src, n.offset(), n.text().length());
    }

    /** Why {@code p} cannot sit on {@code site}, or null when it can. */
    static AnnotationMessages.Misfit misfit(AdPragma p, AnnotationSite site, boolean parallelLoop) {
        AnnotationKind kind = switch (p) {
            case AdPragma.Gradient g -> AnnotationKind.GRADIENT;
            case AdPragma.Tangent t -> AnnotationKind.TANGENT;
            case AdPragma.StencilAdjoint s -> AnnotationKind.STENCIL;
            case AdPragma.Disjoint d -> AnnotationKind.DISJOINT;
            case AdPragma.PartiallySeparable s -> AnnotationKind.PARTIALLY_SEPARABLE;
            case AdPragma.Elemental e -> AnnotationKind.ELEMENTAL;
            case AdPragma.Checkpoint c -> AnnotationKind.CHECKPOINT;
        };
        return AnnotationMessages.misfit(Spelling.FORTRAN, kind, site, parallelLoop);
    }

    /** The error of an annotation line on a site it does not fit. */
    static Diagnostic misplaced(LogicalLine l, AnnotationSite site, AnnotationMessages.Misfit why, SourceText src) {
        return AnnotationMessages.misplaced(Spelling.FORTRAN, AnnotationText.of(l).text(), site, why,
                src.range(l.start(), l.end()));
    }
}
