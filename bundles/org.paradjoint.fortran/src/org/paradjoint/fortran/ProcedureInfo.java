package org.paradjoint.fortran;

import java.util.Set;

/**
 * What the IR does not say about a Fortran procedure but a caller must know: the module it
 * belongs to (null for an external procedure) and its dummies declared with assumed shape
 * ({@code x(:)}), which need an explicit interface at the call. Check drivers use it.
 */
public record ProcedureInfo(String name, String module, Set<String> assumedShape) {

    public ProcedureInfo {
        assumedShape = Set.copyOf(assumedShape);
    }

    public boolean isModuleProcedure() {
        return module != null;
    }
}
