package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;

/**
 * A function (C) or subroutine/function (Fortran). {@code returnType} is null for void; a generated
 * C function may return a pointer to it instead of a value ({@link ReturnKind}).
 * {@code pragmas} collects every {@code ad} annotation in the function, wherever it sits (the
 * differentiated unit is the whole function); the statements keep theirs as well.
 * {@code linkage} says whether other files see it and how it is declared ({@link Linkage}: front-ends
 * give {@code static} or not, as written). {@code comment} is the one-line provenance comment of
 * generated functions.
 * {@code unusedParams} names the parameters a generated function deliberately does not use (a
 * derivative that needs no primal output, say): each printer silences them in its language
 * (C: a {@code (void) x;} line at the top of the body). Front-ends leave it empty.
 * {@code structs} are the C parameters pointing to structs, which {@code params} holds flattened
 * member by member ({@link StructParameter}); empty for every generated function.
 */
public record Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
        List<AdPragma> pragmas, Linkage linkage, String comment, SourceRange range, Set<String> unusedParams,
        ReturnKind returnKind, List<StructParameter> structs) {

    /**
     * How a function hands back its {@code returnType}: as a value (every function a front-end
     * maps), or the address of one, read-only for the caller when {@code CONST_POINTER} (an
     * accessor of a generated file's state, such as the plan of a sparse gradient, which the
     * caller may inspect but not change).
     */
    public enum ReturnKind {
        VALUE, POINTER, CONST_POINTER
    }

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
        linkage = linkage == null ? Linkage.EXTERNAL : linkage;
        unusedParams = unusedParams == null ? Set.of() : Set.copyOf(unusedParams);
        returnKind = returnKind == null ? ReturnKind.VALUE : returnKind;
        structs = structs == null ? List.of() : List.copyOf(structs);
    }

    /** A function without struct parameters (every generated function: they are flattened). */
    public Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
            List<AdPragma> pragmas, Linkage linkage, String comment, SourceRange range, Set<String> unusedParams,
            ReturnKind returnKind) {
        this(name, returnType, params, locals, body, pragmas, linkage, comment, range, unusedParams, returnKind,
                List.of());
    }

    /** A function returning a value (or nothing), with no unused parameters marked: what a front-end maps. */
    public Function(String name, BaseType returnType, List<Variable> params, List<Variable> locals, Block body,
            List<AdPragma> pragmas, boolean isStatic, String comment, SourceRange range) {
        this(name, returnType, params, locals, body, pragmas, Linkage.of(isStatic), comment, range, Set.of(),
                ReturnKind.VALUE);
    }

    /** True unless other files can call the function ({@link Linkage#EXTERNAL}). */
    public boolean isStatic() {
        return !(linkage instanceof Linkage.External);
    }

    /** The parameters marked unused, in the order of {@link #params()}. */
    public List<Variable> unusedParamVariables() {
        return params.stream().filter(p -> unusedParams.contains(p.name())).toList();
    }

    /** This function with {@code names} marked as unused parameters (replacing any earlier mark). */
    public Function withUnusedParams(Collection<String> names) {
        return new Function(name, returnType, params, locals, body, pragmas, linkage, comment, range,
                new LinkedHashSet<>(names), returnKind, structs);
    }

    /** The same function with another body and locals: name, signature and the unused parameters' mark kept. */
    public Function withLocalsAndBody(List<Variable> newLocals, Block newBody) {
        return new Function(name, returnType, params, newLocals, newBody, pragmas, linkage, comment, range,
                unusedParams, returnKind, structs);
    }

    /** The same function under another name and comment. */
    public Function withName(String newName, String newComment) {
        return new Function(newName, returnType, params, locals, body, pragmas, linkage, newComment, range,
                unusedParams, returnKind, structs);
    }

    /** The same function declared with another linkage. */
    public Function withLinkage(Linkage newLinkage) {
        return new Function(name, returnType, params, locals, body, pragmas, newLinkage, comment, range,
                unusedParams, returnKind, structs);
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
        return withLocalsAndBody(locals, newBody);
    }
}
