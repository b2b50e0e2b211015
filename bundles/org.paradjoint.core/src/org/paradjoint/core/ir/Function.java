package org.paradjoint.core.ir;

import java.util.List;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;

/**
 * A function (C) or subroutine/function (Fortran). {@code returnType} is null for void.
 * {@code pragmas} collects every {@code ad} annotation in the function, wherever it sits (the
 * differentiated unit is the whole function); the statements keep theirs as well.
 * {@code comment} is the one-line provenance comment of generated functions.
 */
public record Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
        List<AdPragma> pragmas, boolean isStatic, String comment, SourceRange range) {

    public Function {
        params = List.copyOf(params);
        locals = List.copyOf(locals);
        pragmas = List.copyOf(pragmas);
    }

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
        return new Function(name, returnType, params, locals, newBody, pragmas, isStatic, comment, range);
    }
}
