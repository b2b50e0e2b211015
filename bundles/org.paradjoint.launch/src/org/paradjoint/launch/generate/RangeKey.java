package org.paradjoint.launch.generate;

import org.paradjoint.core.diag.SourceRange;

/**
 * A source range compared by position ({@link SourceRange} itself compares all ranges equal, so
 * that IR nodes compare by structure). Generated increments keep the range of the primal
 * reference they come from; this key matches them with the race analysis' verdicts.
 */
record RangeKey(String file, int offset, int length, int line, int column) {

    static RangeKey of(SourceRange r) {
        return r == null || !r.isKnown() ? null : new RangeKey(r.file(), r.offset(), r.length(), r.line(), r.column());
    }
}
