package org.paradjoint.pipeline;

import java.util.function.Predicate;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;

/**
 * A menu entry (and timing variant) that writes the derivative file of one mode through
 * {@link DerivativeFiles}, so through the route table: the adjoint ({@code f_b} in
 * {@code name_b.c}), the tangent ({@code f_d} in {@code name_d.c}), and the adjoint stencil, which
 * offers itself only for stencil functions and writes the same file as the adjoint (stencil
 * functions get their adjoint stencil wherever they are differentiated, so the two entries
 * cannot disagree).
 *
 * @param appliesTo the functions whose annotations ask for this entry
 * @param lengths element counts of array parameters for reduction clauses and whole-array saves
 *            (symbolic from the declarations; a timing driver knows the actual lengths)
 */
public record RoutedGenerator(String id, String label, Predicate<Function> appliesTo, Mode mode,
        ReductionLengths lengths) implements DerivativeGenerator {

    @Override
    public boolean appliesTo(Function f) {
        return appliesTo.test(f);
    }

    @Override
    public GeneratedFile generate(TranslationUnit unit, String sourcePath, String functionName,
            GenerationSettings settings) {
        return DerivativeFiles.generate(unit, sourcePath, mode, functionName, settings, lengths);
    }

    /** The same entry with reduction clauses and saves sized by {@code given}. */
    public RoutedGenerator withLengths(ReductionLengths given) {
        return new RoutedGenerator(id, label, appliesTo, mode, given);
    }
}
