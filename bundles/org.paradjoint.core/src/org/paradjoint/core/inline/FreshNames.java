package org.paradjoint.core.inline;

import java.util.HashSet;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/** Hands out names that are free in the code being generated. */
@FunctionalInterface
public interface FreshNames {

    /** {@code like} under a free name derived from {@code base}, which is then taken. */
    Variable fresh(Variable like, String base);

    /**
     * Names free in {@code f} (none of its parameters, locals or the variables its body mentions),
     * {@code base}, then {@code base_1}, {@code base_2} ...: for inlining {@code f} to analyse it.
     */
    static FreshNames avoiding(Function f) {
        Set<String> taken = new HashSet<>();
        f.params().forEach(v -> taken.add(v.name()));
        f.locals().forEach(v -> taken.add(v.name()));
        StmtUtil.mentioned(f.body()).forEach(v -> taken.add(v.name()));
        return (like, base) -> {
            String name = base;
            for (int k = 1; !taken.add(name); k++) {
                name = base + "_" + k;
            }
            return like.withName(name);
        };
    }
}
