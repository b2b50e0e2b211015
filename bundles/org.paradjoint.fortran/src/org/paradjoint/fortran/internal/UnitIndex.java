package org.paradjoint.fortran.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.BaseType;

/**
 * What the whole file declares, known before any body is mapped: its procedures (so that
 * {@code f(x)} can be told from an array element and calls can be checked) and the named
 * constants and variables of its modules.
 */
public final class UnitIndex {

    /** One subroutine or function of the file. */
    public static final class Procedure {
        final String name;
        final boolean isFunction;
        final List<String> dummies;
        final String module;
        final int header;
        /** Index of the end line (exclusive bound of the body). */
        int end;
        /** Function result type, known once the specification part is read (null for subroutines). */
        BaseType resultType;
        boolean resultLogical;
        String resultName;

        Procedure(String name, boolean isFunction, List<String> dummies, String module, int header) {
            this.name = name;
            this.isFunction = isFunction;
            this.dummies = List.copyOf(dummies);
            this.module = module;
            this.header = header;
        }

        public String name() {
            return name;
        }

        public String module() {
            return module;
        }

        public boolean isFunction() {
            return isFunction;
        }

        public List<String> dummies() {
            return dummies;
        }
    }

    private final Map<String, Procedure> procedures = new LinkedHashMap<>();
    private final Map<String, Map<String, Scope.Symbol>> modules = new HashMap<>();

    void addProcedure(Procedure p) {
        procedures.putIfAbsent(p.name, p);
    }

    public Procedure procedure(String name) {
        return procedures.get(name);
    }

    public List<Procedure> procedures() {
        return List.copyOf(procedures.values());
    }

    void addModule(String name) {
        modules.computeIfAbsent(name, k -> new LinkedHashMap<>());
    }

    boolean hasModule(String name) {
        return modules.containsKey(name);
    }

    Map<String, Scope.Symbol> moduleSymbols(String name) {
        return modules.getOrDefault(name, Map.of());
    }
}
