package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.diag.Diagnostic;

/**
 * Puts each pragma into the body of its function, before the function it precedes, or reports
 * it. Top-level declarations follow each other without overlapping, so their offsets ascend and
 * each pragma is placed by binary search: a file of thousands of functions, each with its
 * {@code omp} pragma, must not cost a scan of all functions per pragma. Should the offsets not
 * ascend (nodes without a location), it scans, as the first match is then the one meant.
 */
final class PragmaPlacement {
    private final List<IASTFunctionDefinition> defs;
    private final int[] bodyStarts;
    private final int[] bodyEnds;
    private final IASTDeclaration[] declarations;
    private final int[] declarationEnds;
    private final boolean bodiesSorted;
    private final boolean declarationsSorted;
    private final Map<IASTFunctionDefinition, List<Site>> before = new LinkedHashMap<>();
    private final Map<IASTFunctionDefinition, List<Site>> inside = new LinkedHashMap<>();

    /** {@code declarations}: the top-level declarations of the file, without those of its headers. */
    PragmaPlacement(List<IASTDeclaration> declarations, List<IASTFunctionDefinition> defs) {
        this.defs = defs;
        bodyStarts = new int[defs.size()];
        bodyEnds = new int[defs.size()];
        for (int k = 0; k < defs.size(); k++) {
            IASTFunctionDefinition def = defs.get(k);
            bodyStarts[k] = FunctionContext.start(def.getBody());
            bodyEnds[k] = FunctionContext.end(def.getBody());
            before.put(def, new ArrayList<>());
            inside.put(def, new ArrayList<>());
        }
        this.declarations = declarations.toArray(IASTDeclaration[]::new);
        declarationEnds = new int[this.declarations.length];
        for (int k = 0; k < this.declarations.length; k++) {
            declarationEnds[k] = FunctionContext.end(this.declarations[k]);
        }
        bodiesSorted = ascending(bodyStarts) && ascending(bodyEnds);
        declarationsSorted = ascending(declarationEnds);
    }

    /** The pragmas written right before each definition, in source order. */
    Map<IASTFunctionDefinition, List<Site>> before() {
        return before;
    }

    /** The pragmas written in the body of each definition, in source order. */
    Map<IASTFunctionDefinition, List<Site>> inside() {
        return inside;
    }

    void place(Site site, Reporter reporter) {
        IASTFunctionDefinition around = enclosingBody(site.offset());
        if (around != null) {
            inside.get(around).add(site);
            return;
        }
        IASTDeclaration next = UnitMapper.definitionIn(nextDeclaration(site.offset()));
        if (site.isBroken()) {
            if (next instanceof IASTFunctionDefinition def) {
                before.get(def).add(site);
            }
        } else if (site.isOmp()) {
            reporter.report(Diagnostic.error("unsupported-omp.pragma-outside-function", site.range(), "spelling",
                    site.spelling()));
        } else if (next instanceof IASTFunctionDefinition def) {
            before.get(def).add(site);
        } else {
            reporter.report(Diagnostic.error("dangling-pragma.function-or-statement", site.range(), "spelling",
                    site.spelling()));
        }
    }

    /** The definition whose body holds {@code offset}, or null. */
    private IASTFunctionDefinition enclosingBody(int offset) {
        if (!bodiesSorted) {
            for (int k = 0; k < defs.size(); k++) {
                if (offset >= bodyStarts[k] && offset < bodyEnds[k]) {
                    return defs.get(k);
                }
            }
            return null;
        }
        int k = lastAtOrBefore(bodyStarts, offset);
        return k >= 0 && offset < bodyEnds[k] ? defs.get(k) : null;
    }

    /** The first top-level declaration that ends after {@code offset}, or null. */
    private IASTDeclaration nextDeclaration(int offset) {
        if (!declarationsSorted) {
            for (int k = 0; k < declarations.length; k++) {
                if (declarationEnds[k] > offset) {
                    return declarations[k];
                }
            }
            return null;
        }
        int k = lastAtOrBefore(declarationEnds, offset) + 1;
        return k < declarations.length ? declarations[k] : null;
    }

    /** Whether {@code values} ascend; a node without a location (offset 0) could break that. */
    private static boolean ascending(int[] values) {
        for (int k = 1; k < values.length; k++) {
            if (values[k] < values[k - 1]) {
                return false;
            }
        }
        return true;
    }

    /** The last index whose value is at most {@code key} in the ascending {@code values}, or -1. */
    private static int lastAtOrBefore(int[] values, int key) {
        int lo = 0;
        int hi = values.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] <= key) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
