package org.paradjoint.separable.internal;

import java.util.HashSet;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;

/** The names in use in the generated file; hands out fresh ones ({@code base}, {@code base0}, ...). */
public final class NameSupply {

    private final Set<String> used = new HashSet<>();

    public NameSupply(TranslationUnit unit, Function f) {
        if (unit != null) {
            // every function of the file, also those a differentiation did not map
            unit.definitions().forEach(g -> used.add(g.name()));
            for (Function g : unit.functions()) {
                used.add(g.name());
                g.params().forEach(v -> used.add(v.name()));
                g.locals().forEach(v -> used.add(v.name()));
                StmtUtil.mentioned(g.body()).forEach(v -> used.add(v.name()));
            }
        }
        used.add(f.name());
        f.params().forEach(v -> used.add(v.name()));
        f.locals().forEach(v -> used.add(v.name()));
        StmtUtil.mentioned(f.body()).forEach(v -> used.add(v.name()));
    }

    public void reserve(String name) {
        used.add(name);
    }

    public String fresh(String base) {
        String name = base;
        for (int k = 0; used.contains(name); k++) {
            name = base + k;
        }
        used.add(name);
        return name;
    }

    public Variable fresh(Variable like, String base) {
        return like.withName(fresh(base));
    }
}
