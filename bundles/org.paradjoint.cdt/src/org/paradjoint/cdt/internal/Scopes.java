package org.paradjoint.cdt.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Variable;

/**
 * The block scopes of one function and the hoisting of its locals. Every local ends up in one
 * function-level list with a name unique in the function: a declaration that shadows a visible
 * variable is renamed ({@code i} becomes {@code i_1}); a declaration in a sibling scope with the
 * same name and type reuses the hoisted variable (their lifetimes do not overlap, and C leaves
 * a fresh declaration without initialiser indeterminate, so sharing storage is exact).
 */
final class Scopes {
    private final String functionName;
    private final Set<String> globals;
    private final Set<String> functionNames;
    private final Deque<Map<String, Variable>> stack = new ArrayDeque<>();
    private final Map<String, Variable> hoisted = new LinkedHashMap<>();
    private final Set<String> used = new HashSet<>();
    /** Generated locals this function's scopes made rather than reused ({@link #withdrawGenerated}). */
    private final Set<Variable> freshGenerated = new HashSet<>();
    /** Locals whose declaration was refused ({@link #refuse}). */
    private final Set<String> refused = new HashSet<>();
    private final List<Variable> params = new ArrayList<>();
    /** Open collectors (one per enclosing OpenMP loop body) that record the locals declared inside. */
    private final Deque<List<Variable>> collectors = new ArrayDeque<>();

    Scopes(String functionName, Set<String> globals, Set<String> functionNames) {
        this.functionName = functionName;
        this.globals = globals;
        this.functionNames = functionNames;
        stack.push(new HashMap<>());
    }

    void push() {
        stack.push(new HashMap<>());
    }

    void pop() {
        stack.pop();
    }

    void declareParam(Variable v) {
        stack.peek().put(v.name(), v);
        used.add(v.name());
        params.add(v);
    }

    /**
     * Notes that the declaration of local {@code sourceName} was refused (and reported there): a
     * later use of the name is an error that says so, not an unknown variable.
     */
    void refuse(String sourceName) {
        refused.add(sourceName);
    }

    /** Declares a local in the innermost scope and returns it with its function-unique name. */
    Variable declareLocal(Variable v) {
        String source = v.name();
        for (int k = 0;; k++) {
            String candidate = k == 0 ? source : source + "_" + k;
            if (!used.contains(candidate)) {
                return bind(source, v.withName(candidate), true);
            }
            Variable previous = hoisted.get(candidate);
            if (previous != null && !isVisible(candidate) && previous.type() == v.type()
                    && previous.dims().equals(v.dims())) {
                return bind(source, previous, false);
            }
        }
    }

    /**
     * A generated variable that no other declaration of the function shares, even one out of
     * scope (which {@link #declareGenerated} reuses): for a variable that identifies its statement,
     * as a non-blocking call's request array identifies the call to its wait.
     */
    Variable declareUnique(Variable v) {
        for (int k = 0;; k++) {
            String candidate = k == 0 ? v.name() : v.name() + "_" + k;
            if (!used.contains(candidate)) {
                return bind(" " + candidate, v.withName(candidate), true);
            }
        }
    }

    /**
     * Declares a local the front-end makes (a flag or counter of a lowered loop, see {@link Exits}) in
     * the innermost scope: unique in the function like any local, named by no source name, and
     * visible until that scope closes, so that a nested loop's gets a name of its own.
     */
    Variable declareGenerated(Variable v) {
        for (int k = 0;; k++) {
            String candidate = k == 0 ? v.name() : v.name() + "_" + k;
            Variable previous = hoisted.get(candidate);
            if (!used.contains(candidate)) {
                Variable made = bind(" " + candidate, v.withName(candidate), true);
                freshGenerated.add(made);
                return made;
            }
            if (previous != null && !isVisible(candidate) && previous.type() == v.type()
                    && previous.dims().equals(v.dims())) {
                return bind(" " + candidate, previous, false);
            }
        }
    }

    /**
     * Takes back generated local {@code v}, which the mapping of its scope ended up not using,
     * when this scope made it (no other statement can use it): it is no local of the function and
     * no private of the loops around it. False, and nothing taken back, when {@code v} was an
     * earlier scope's, reused.
     */
    boolean withdrawGenerated(Variable v) {
        if (!freshGenerated.remove(v)) {
            return false;
        }
        hoisted.remove(v.name());
        used.remove(v.name());
        stack.peek().values().remove(v);
        collectors.forEach(c -> c.remove(v));
        return true;
    }

    private Variable bind(String source, Variable v, boolean fresh) {
        stack.peek().put(source, v);
        if (fresh) {
            used.add(v.name());
            hoisted.put(v.name(), v);
        }
        for (List<Variable> c : collectors) {
            if (!c.contains(v)) {
                c.add(v);
            }
        }
        return v;
    }

    private boolean isVisible(String irName) {
        for (Map<String, Variable> scope : stack) {
            for (Variable v : scope.values()) {
                if (v.name().equals(irName)) {
                    return true;
                }
            }
        }
        return false;
    }

    Optional<Variable> lookup(String sourceName) {
        for (Map<String, Variable> scope : stack) {
            Variable v = scope.get(sourceName);
            if (v != null) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** True when {@code sourceName} is a global or a function: not a variable here, for a reason of its own. */
    boolean isGlobalOrFunction(String sourceName) {
        return globals.contains(sourceName) || functionNames.contains(sourceName);
    }

    /** The variable a source name denotes here, or a located error that says why there is none. */
    Variable resolve(String sourceName, SourceRange where) {
        Optional<Variable> v = lookup(sourceName);
        if (v.isPresent()) {
            return v.get();
        }
        if (refused.contains(sourceName)) {
            throw new UnsupportedException("unknown-variable.refused-declaration", where, "sourceName", sourceName);
        }
        if (globals.contains(sourceName)) {
            throw new UnsupportedException("unsupported-global.global-variable-used", where, "sourceName", sourceName,
                    "functionName", functionName);
        }
        if (functionNames.contains(sourceName)) {
            throw new UnsupportedException("unsupported-function-pointer.function-used-as", where, "sourceName",
                    sourceName);
        }
        throw new UnsupportedException("unknown-variable.unknown-variable-neither", where, "sourceName", sourceName,
                "functionName", functionName);
    }

    /**
     * Makes {@code sourceName} denote {@code v} in the innermost scope, without declaring anything:
     * the accumulator parameter of a Kokkos reduction lambda is the reduction's result.
     */
    void alias(String sourceName, Variable v) {
        stack.peek().put(sourceName, v);
    }

    void openCollector(List<Variable> sink) {
        collectors.push(Objects.requireNonNull(sink));
    }

    void closeCollector() {
        collectors.pop();
    }

    List<Variable> params() {
        return List.copyOf(params);
    }

    List<Variable> locals() {
        return List.copyOf(hoisted.values());
    }
}
