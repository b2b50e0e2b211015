package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.annotation.AnnotationMessages;
import org.paradjoint.core.annotation.AnnotationSite;
import org.paradjoint.core.annotation.Spelling;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;

/**
 * The directives written before one statement, claimed by it: each is checked against what the
 * statement is and reported (misplaced) when it does not fit; the fitting ones are returned
 * resolved. Resolved {@code ad} annotations are also collected for the procedure.
 */
final class Directives {
    private final Scope scope;
    private final Reporter reporter;
    private final ExprParser exprs;
    final List<AdPragma> collected = new ArrayList<>();

    Directives(Scope scope, Reporter reporter, ExprParser exprs) {
        this.scope = scope;
        this.reporter = reporter;
        this.exprs = exprs;
    }

    /** What a statement accepts from its directives. */
    record Claimed(List<AdPragma> ad, OmpDirective.Parsed omp) {
    }

    /**
     * Checks {@code pending} against a statement that is {@code target}; {@code ompKinds} are the
     * OpenMP directives it accepts (none: an empty set).
     */
    Claimed claim(List<LogicalLine> pending, AnnotationSite target, OmpDirective.Kind ompKind) {
        return claim(pending, target, ompKind == null ? Set.of() : Set.of(ompKind));
    }

    Claimed claim(List<LogicalLine> pending, AnnotationSite target, Set<OmpDirective.Kind> ompKinds) {
        OmpDirective.Parsed omp = null;
        List<LogicalLine> ads = new ArrayList<>();
        for (LogicalLine l : pending) {
            if (l.kind() == LogicalLine.Kind.AD) {
                ads.add(l);
                continue;
            }
            try {
                OmpDirective.Parsed p = OmpDirective.parse(l, scope, reporter.src());
                if (!ompKinds.contains(p.kind())) {
                    misplacedOmp(l, p.kind(), target);
                } else if (omp != null) {
                    reporter.error("misplaced-pragma.statement-carries-at", l.start(), l.end(), "spelling",
                            spelling(p.kind()));
                } else {
                    omp = p;
                }
            } catch (UnsupportedException e) {
                reporter.add(e.diagnostic());
            }
        }
        List<AdPragma> resolved = new ArrayList<>();
        for (LogicalLine l : ads) {
            AdPragma p = resolve(l);
            if (p == null) {
                continue;
            }
            AnnotationMessages.Misfit problem = AdDirective.misfit(p, target,
                    omp != null && (omp.kind() == OmpDirective.Kind.PARALLEL_DO || omp.kind() == OmpDirective.Kind.DO));
            if (problem != null) {
                reporter.add(AdDirective.misplaced(l, target, problem, reporter.src()));
                continue;
            }
            resolved.add(p);
        }
        return new Claimed(resolved, omp);
    }

    /** Parses and collects one annotation; null (reported) when malformed. */
    AdPragma resolve(LogicalLine l) {
        try {
            AdPragma p = AdDirective.parse(l, scope, exprs, reporter.src());
            collected.add(p);
            return p;
        } catch (UnsupportedException e) {
            reporter.add(e.diagnostic());
            return null;
        }
    }

    /** Directives left with no statement after them in their block. */
    void dangling(List<LogicalLine> pending) {
        for (LogicalLine l : pending) {
            reporter.error("dangling-pragma.directive", l.start(), l.end(), "sentinel",
                    (l.kind() == LogicalLine.Kind.OMP ? "omp" : "ad"));
        }
    }

    private void misplacedOmp(LogicalLine l, OmpDirective.Kind k, AnnotationSite target) {
        String site = Spelling.FORTRAN.describe(target);
        switch (k) {
            case PARALLEL_DO -> reporter.error("misplaced-pragma.omp-parallel-do", l.start(), l.end(), "site", site);
            case ATOMIC -> reporter.error("misplaced-pragma.omp-atomic", l.start(), l.end(), "site", site);
            case END_PARALLEL_DO -> reporter.error("misplaced-pragma.omp-end-parallel-do", l.start(), l.end());
            case DO -> reporter.error("misplaced-pragma.omp-do", l.start(), l.end(), "site", site);
            default -> reporter.error("misplaced-pragma.omp-directive", l.start(), l.end(), "directive", k.spelling,
                    "site", site);
        }
    }

    private static String spelling(OmpDirective.Kind k) {
        return k.spelling;
    }
}
