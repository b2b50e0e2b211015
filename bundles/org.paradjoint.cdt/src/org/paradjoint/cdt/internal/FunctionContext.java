package org.paradjoint.cdt.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Variable;

/** What the mappers of one function share: scopes, expression mapper, pending pragmas, errors. */
final class FunctionContext {
    final SourceText src;
    final Types types;
    final Scopes scopes;
    final Exprs exprs;
    final Map<String, String> macros;
    /** The members of struct parameters the unit's functions use, and this function's struct parameters passed on. */
    final StructMembers structMembers;
    final StructArguments structArguments;
    private final Reporter reporter;
    /** Pragmas inside the body not yet attached, in source order. */
    private final Deque<Site> pending;
    /** Every annotation attached in the function, for {@code Function.pragmas}. */
    final List<AdPragma> adPragmas = new ArrayList<>();
    /** Counters of the loops being mapped: the body must not assign them. */
    final Set<Variable> activeCounters = new HashSet<>();
    /** How many parallel regions and parallel (or worksharing) loops enclose the statement being mapped. */
    int regionDepth;
    int parallelLoopDepth;
    /** How many of those loops have the {@code ordered} clause (their bodies may hold {@code omp ordered}). */
    int orderedLoopDepth;
    /**
     * The {@code omp ordered} blocks that are not increments, as mapped, with their source: the
     * loop that holds one as a statement of its own body is lowered by core's {@code OrderedLoops}
     * ({@link Statements#orderedBlock}), in a {@code parallel for} or a region's worksharing loop; anywhere else it is an error.
     */
    final List<OrderedBlock> orderedBlocks = new ArrayList<>();

    /** An {@code omp ordered} block that is not increments: the mapped block, its place and its text. */
    record OrderedBlock(org.paradjoint.core.ir.Stmt block, org.paradjoint.core.diag.SourceRange range, String code) {
    }
    private boolean failed;
    /** The function contains a syntax error (already reported). */
    private boolean syntaxErrors;

    FunctionContext(SourceText src, Scopes scopes, Reporter reporter, List<Site> bodyPragmas,
            Map<String, String> macros, boolean kokkos, StructMembers structMembers) {
        this.src = src;
        this.types = new Types(src);
        this.scopes = scopes;
        this.structMembers = structMembers;
        this.structArguments = new StructArguments(structMembers);
        this.exprs = new Exprs(src, types, scopes, 0, kokkos ? new KokkosExprs() : null, structArguments);
        this.reporter = reporter;
        this.pending = new ArrayDeque<>(bodyPragmas);
        this.macros = macros;
    }

    /** Kokkos C++: Views, kernels, subviews (the expression mapper knows them). */
    boolean isKokkos() {
        return exprs.kokkos() != null;
    }

    void report(UnsupportedException e) {
        report(e.diagnostic());
    }

    void report(Diagnostic d) {
        if (d.isError()) {
            failed = true;
        }
        // a use of a local whose declaration was refused: that error already names it
        if (!d.problem().id().equals(REFUSED_DECLARATION)) {
            reporter.report(d);
        }
    }

    private static final String REFUSED_DECLARATION = "unknown-variable.refused-declaration";

    boolean failed() {
        return failed;
    }

    /**
     * The function contains a syntax error: CDT's recovery may have attached its statements
     * around the problem wrongly, so where a pragma seems to sit says nothing.
     */
    void markSyntaxErrors() {
        syntaxErrors = true;
        failed = true;
    }

    boolean hasSyntaxErrors() {
        return syntaxErrors;
    }

    void markFailed() {
        failed = true;
    }

    /** Takes the pending pragmas that start before {@code offset}: those that precede a statement there. */
    List<Site> claim(int offset) {
        List<Site> mine = new ArrayList<>();
        while (!pending.isEmpty() && pending.peek().offset() < offset) {
            Site s = pending.poll();
            if (s.isBroken()) {
                failed = true;
            } else {
                mine.add(s);
            }
        }
        return mine;
    }

    /** Whether an OpenMP directive not yet attached lies in {@code [start, end)}. */
    boolean ompWithin(int start, int end) {
        return pending.stream().anyMatch(s -> s.isOmp() && s.offset() >= start && s.offset() < end);
    }

    /** Reports pending pragmas before {@code end} (the end of a block) as followed by nothing. */
    void flushDangling(int end) {
        for (Site s : claim(end)) {
            report(Diagnostic.error("dangling-pragma.statement", s.range(), "spelling", s.spelling()));
        }
    }

    /** Forgets the pragmas inside a statement that could not be mapped (its error is reported). */
    void drop(int end) {
        claim(end);
    }

    static int start(IASTNode n) {
        return n.getFileLocation() == null ? 0 : n.getFileLocation().getNodeOffset();
    }

    static int end(IASTNode n) {
        return n.getFileLocation() == null ? 0
                : n.getFileLocation().getNodeOffset() + n.getFileLocation().getNodeLength();
    }
}
