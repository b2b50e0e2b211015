package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;

/**
 * A function (C) or subroutine/function (Fortran). {@code returnType} is null for void.
 * {@code pragmas} collects every {@code ad} annotation in the function, wherever it sits (the
 * differentiated unit is the whole function); the statements keep theirs as well.
 * {@code comment} is the one-line provenance comment of generated functions.
 * {@code unusedParams} names the parameters a generated function deliberately does not use (a
 * derivative that needs no primal output, say): each printer silences them in its language
 * (C: a {@code (void) x;} line at the top of the body). Front-ends leave it empty.
 */
public record Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
        List<AdPragma> pragmas, boolean isStatic, String comment, SourceRange range, Set<String> unusedParams) {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Function.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Function {
        params = List.copyOf(params);
        locals = List.copyOf(locals);
        pragmas = List.copyOf(pragmas);
        unusedParams = unusedParams == null ? Set.of() : Set.copyOf(unusedParams);
    }

    /** A function with no unused parameters marked. */
    public Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
            List<AdPragma> pragmas, boolean isStatic, String comment, SourceRange range) {
        this(name, returnType, params, locals, body, pragmas, isStatic, comment, range, Set.of());
    }

    /** The parameters marked unused, in the order of {@link #params()}. */
    public List<Variable> unusedParamVariables() {
        return params.stream().filter(p -> unusedParams.contains(p.name())).toList();
    }

    /** This function with {@code names} marked as unused parameters (replacing any earlier mark). */
    public Function withUnusedParams(Collection<String> names) {
        return new Function(name, returnType, params, locals, body, pragmas, isStatic, comment, range,
                new LinkedHashSet<>(names));
    }

    /** The same function with another body, locals and name kept, and the unused parameters still marked. */

    public Optional<Variable> lookup(String varName) {
        for (Variable v : params) {
            if (v.name().equals(varName)) {
                return Optional.of(v);
            }
        }
        for (Variable v : locals) {
            if (v.name().equals(varName)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    public Function withBody(Block newBody) {
        return new Function(name, returnType, params, locals, newBody, pragmas, isStatic, comment, range,
                unusedParams);
    }
}
