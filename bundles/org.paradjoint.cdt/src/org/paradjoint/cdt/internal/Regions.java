package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTIfStatement;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.paradjoint.cdt.internal.PragmaSyntax.Omp;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.frontend.ParallelRegion.Part;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * A statement under {@code #pragma omp parallel}: its body read as the parts of a
 * {@link ParallelRegion} (worksharing loops, barriers, {@code single}/{@code master}/{@code
 * masked} blocks, {@code critical}/{@code atomic} increments, statements every thread runs,
 * sequential loops around worksharing loops), then lowered by core's rule.
 */
final class Regions {
    private final FunctionContext ctx;
    private final Statements statements;
    private final PragmaResolver pragmas;
    private final Loops loops;

    Regions(FunctionContext ctx, Statements statements, PragmaResolver pragmas, Loops loops) {
        this.ctx = ctx;
        this.statements = statements;
        this.pragmas = pragmas;
        this.loops = loops;
    }

    List<Stmt> region(IASTStatement s, Site parallel, List<Site> others) {
        if (ctx.regionDepth > 0 || ctx.parallelLoopDepth > 0) {
            throw new UnsupportedException("unsupported-omp-region.nested", parallel.range(), "construct",
                    "omp parallel");
        }
        pragmas.accept(others, AnnotationSite.OTHER, false);
        OmpParallelFor clauses = pragmas.omp(parallel);
        List<Variable> declared = new ArrayList<>();
        ctx.regionDepth++;
        ctx.scopes.push();
        ctx.scopes.openCollector(declared);
        try {
            boolean combined = ((Omp) parallel.content()).directive() == Omp.Directive.PARALLEL_SECTIONS;
            List<Part> parts = combined ? List.of(sections(s, noClauses(parallel), false))
                    : s instanceof IASTCompoundStatement c ? compoundParts(c) : parts(s);
            if (clauses == null) {
                ctx.markFailed();
                return List.of();
            }
            List<Stmt> lowered = new ParallelRegion(clauses, declared, parts, name -> ctx.scopes.declareLocal(
                    Variable.scalar(name, BaseType.INT, Variable.Kind.LOCAL))).lower();
            return lowered;
        } finally {
            ctx.scopes.closeCollector();
            ctx.scopes.pop();
            ctx.regionDepth--;
        }
    }

    /** The parts of a block in the region; barriers before its closing brace included. */
    private List<Part> compoundParts(IASTCompoundStatement c) {
        List<Part> out = new ArrayList<>();
        for (IASTStatement st : c.getStatements()) {
            out.addAll(parts(st));
        }
        for (Site site : ctx.claim(FunctionContext.end(c))) {
            if (isBarrier(site)) {
                out.add(new ParallelRegion.Barrier(site.range()));
            } else {
                ctx.report(Diagnostic.error("dangling-pragma.statement", site.range(), "spelling", site.spelling()));
            }
        }
        return out;
    }

    /** One statement of the region as parts; nothing (reported) when it cannot be read. */
    private List<Part> parts(IASTStatement st) {
        List<Part> out = new ArrayList<>();
        Site construct = null;
        List<Site> rest = new ArrayList<>();
        for (Site site : ctx.claim(FunctionContext.start(st))) {
            if (isBarrier(site)) {
                out.add(new ParallelRegion.Barrier(site.range()));
            } else if (construct == null && site.content() instanceof Omp) {
                construct = site;
            } else {
                rest.add(site);
            }
        }
        try {
            out.addAll(construct == null ? plain(st, rest) : construct(st, construct, rest));
        } catch (UnsupportedException e) {
            ctx.report(e);
            ctx.drop(FunctionContext.end(st));
        }
        return out;
    }

    private List<Part> construct(IASTStatement st, Site site, List<Site> rest) {
        Omp o = (Omp) site.content();
        SourceText src = ctx.src;
        switch (o.directive()) {
        case FOR -> {
            List<Site> all = new ArrayList<>(rest);
            all.add(0, site);
            if (!(st instanceof IASTForStatement f)) {
                // reported as an `omp for` on something else than a loop; the statement's own errors too
                pragmas.accept(all, AnnotationSite.OTHER, false);
                statements.statement(st, List.of());
                return List.of();
            }
            For loop = loops.forLoop(f, all);
            return List.of(new ParallelRegion.Worksharing(loop, o.nowait(), statements.orderedBlock(loop)));
        }
        case SECTIONS -> {
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            OmpParallelFor clauses = pragmas.omp(site);
            if (clauses == null) {
                statements.statement(st, List.of());
                return List.of();
            }
            return List.of(sections(st, clauses, o.nowait()));
        }
        case SECTION -> throw new UnsupportedException("unsupported-omp-region.section-outside", site.range());
        case SINGLE, MASTER, MASKED -> {
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            return List.of(new ParallelRegion.OneThread("omp " + o.directive().spelling, statements.body(st),
                    src.range(st)));
        }
        case CRITICAL, ATOMIC -> {
            if (o.isAtomicAccess()) {
                return plain(st, rest);
            }
            statements.refuseAtomicCapture(o, st);
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            String construct = "omp " + o.directive().spelling + (o.name() == null ? "" : " (" + o.name() + ")");
            return List.of(new ParallelRegion.InTurn(construct,
                    new Block(statements.atomicIncrements(st, o.directive()), src.range(st)), src.range(st)));
        }
        default -> throw new UnsupportedException("unsupported-omp-region.nested", site.range(), "construct",
                "omp " + o.directive().spelling);
        }
    }

    /**
     * The block under {@code sections}: each {@code section} directive starts a section (the first
     * may go without one), lowered by core's rule into a worksharing loop over section numbers.
     */
    private ParallelRegion.Worksharing sections(IASTStatement st, OmpParallelFor clauses, boolean nowait) {
        if (!(st instanceof IASTCompoundStatement c)) {
            throw new UnsupportedException("unsupported-omp-region.sections-block", ctx.src.range(st));
        }
        List<Block> sections = new ArrayList<>();
        List<Stmt> current = null;
        ctx.scopes.push();
        try {
            for (IASTStatement x : c.getStatements()) {
                List<Site> rest = new ArrayList<>();
                boolean starts = current == null;
                for (Site site : ctx.claim(FunctionContext.start(x))) {
                    if (site.content() instanceof Omp o && o.directive() == Omp.Directive.SECTION) {
                        starts = true;
                    } else {
                        rest.add(site);
                    }
                }
                if (starts && current != null) {
                    sections.add(new Block(current, current.isEmpty() ? ctx.src.range(x) : current.get(0).range()));
                }
                if (starts) {
                    current = new ArrayList<>();
                }
                current.addAll(statements.statement(x, rest));
            }
        } finally {
            ctx.scopes.pop();
        }
        if (current != null) {
            sections.add(new Block(current, current.isEmpty() ? ctx.src.range(c) : current.get(0).range()));
        }
        for (Site site : ctx.claim(FunctionContext.end(c))) {
            ctx.report(Diagnostic.error("dangling-pragma.statement", site.range(), "spelling", site.spelling()));
        }
        Variable counter = ctx.scopes.declareLocal(Variable.scalar("pa_section", BaseType.INT, Variable.Kind.LOCAL));
        return ParallelRegion.sections(sections, counter, clauses, nowait, ctx.src.range(st));
    }

    /** The clauses of a {@code sections} part of {@code parallel sections}: the region holds them all. */
    private static OmpParallelFor noClauses(Site parallel) {
        return new OmpParallelFor(List.of(), List.of(), List.of(), List.of(), null, 0, null, parallel.range());
    }

    /** A statement without a directive of its own: run by every thread, or a block or loop with directives inside. */
    private List<Part> plain(IASTStatement st, List<Site> rest) {
        boolean directivesInside = ctx.ompWithin(FunctionContext.start(st), FunctionContext.end(st));
        if (directivesInside && st instanceof IASTCompoundStatement c) {
            pragmas.accept(rest, AnnotationSite.OTHER, false);
            ctx.scopes.push();
            try {
                return compoundParts(c);
            } finally {
                ctx.scopes.pop();
            }
        }
        if (directivesInside && st instanceof IASTForStatement f) {
            List<Part> body = new ArrayList<>();
            For loop = loops.forLoop(f, rest, b -> {
                body.addAll(b instanceof IASTCompoundStatement c ? compoundParts(c) : parts(b));
                return new Block(List.of(), ctx.src.range(b));
            });
            return List.of(new ParallelRegion.Serial(loop, body));
        }
        if (directivesInside) {
            throw new UnsupportedException("unsupported-omp-region.inside-statement", ctx.src.range(st), "what",
                    st instanceof IASTIfStatement ? "an if statement" : "this statement");
        }
        List<Part> out = new ArrayList<>();
        for (Stmt s : statements.statement(st, rest)) {
            out.add(new ParallelRegion.Replicated(s));
        }
        return out;
    }

    private static boolean isBarrier(Site site) {
        return site.content() instanceof Omp o && o.directive() == Omp.Directive.BARRIER;
    }

}
