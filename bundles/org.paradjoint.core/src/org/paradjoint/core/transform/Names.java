package org.paradjoint.core.transform;

import java.util.HashSet;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;

/** The names in use in one generated function; hands out fresh ones. */
final class Names {

    private final Set<String> used = new HashSet<>();

    Names(Function f) {
        f.params().forEach(v -> used.add(v.name()));
        f.locals().forEach(v -> used.add(v.name()));
        StmtUtil.mentioned(f.body()).forEach(v -> used.add(v.name()));
        used.add(f.name());
    }

    void reserve(String name) {
        used.add(name);
    }

    boolean isUsed(String name) {
        return used.contains(name);
    }

    /** {@code base} if free, else {@code base0}, {@code base1}, ... (Tapenade's convention). */
    String fresh(String base) {
        String name = base;
        for (int k = 0; used.contains(name); k++) {
            name = base + k;
        }
        used.add(name);
        return name;
    }

    Variable fresh(Variable like, String base) {
        return like.withName(fresh(base));
    }

    Set<String> all() {
        return Set.copyOf(used);
    }
}
