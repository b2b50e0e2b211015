package org.paradjoint.stencil.internal;

import java.util.HashSet;
import java.util.Set;

/** Names taken in the generated function; hands out {@code base}, {@code base0}, {@code base1} ... */
final class FreshNames {

    private final Set<String> taken;

    FreshNames(Set<String> taken) {
        this.taken = new HashSet<>(taken);
    }

    /** A sequence of fresh names for one scope (each scope may reuse the names of another). */
    java.util.function.Supplier<String> scope(String base) {
        Set<String> local = new HashSet<>();
        return () -> {
            String name = base;
            for (int k = 0; taken.contains(name) || local.contains(name); k++) {
                name = base + k;
            }
            local.add(name);
            return name;
        };
    }
}
