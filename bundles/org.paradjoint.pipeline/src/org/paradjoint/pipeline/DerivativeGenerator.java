package org.paradjoint.pipeline;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.TranslationUnit.Language;

/**
 * One way of producing derivative code from an annotated source file: the adjoint, the tangent,
 * the adjoint stencil and the partially separable gradient ({@link Generators} lists them). The
 * workbench shows one menu entry per generator; the timing runner uses each as a variant.
 */
public interface DerivativeGenerator {

    /** Id of the adjoint generator (reverse mode). */
    String ADJOINT = "adjoint";
    /** Id of the tangent generator (forward mode). */
    String TANGENT = "tangent";
    /** Id of the adjoint-stencil entry. */
    String ADJOINT_STENCIL = "adjoint-stencil";
    /** Id of the partially separable gradient. */
    String SEPARABLE_GRADIENT = "separable-gradient";

    /** A stable id, e.g. {@code adjoint-stencil}. */
    String id();

    /** The menu label, e.g. {@code Adjoint stencil}. */
    String label();

    /** True when {@code function} carries an annotation this generator acts on. */
    boolean appliesTo(Function function);

    /**
     * True when this generator can produce code for sources in {@code language} (the workbench
     * offers it only then); all of C and Fortran unless a generator says otherwise.
     */
    default boolean supports(Language language) {
        return true;
    }

    /**
     * Generates the derivatives of the functions of {@code unit} this generator applies to (or
     * only {@code functionName} when non-null). Never throws for bad input: errors are
     * diagnostics, and then {@link GeneratedFile#text()} is null.
     *
     * @param sourcePath the path of the source, used to name the generated file next to it
     */
    GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName, GenerationSettings settings);
}
