package org.paradjoint.separable;

import java.util.List;

/**
 * What was generated for one partially separable function {@code f}.
 *
 * @param primal         {@code f}
 * @param expanded       {@code f_ps}: the scalar-expanded primal (same parameters as {@code f})
 * @param gradient       {@code f_grad_ps}: parameters of {@code f} with the gradient after each independent
 * @param dense          {@code f_grad_dense} (null unless asked for)
 * @param elementals     the elementals, in block order
 * @param slotCounts     the C expression of each elemental's slot count, same order
 * @param independents   the active input arrays
 * @param gradientParams their gradient parameters, same order
 * @param cacheable      true when the pattern is cached per value of the scalar parameters; false when it
 *                       depends on array contents and is recomputed on every call
 * @param weightedRows   true when the sweep applies the weights and the elementals share one block of rows
 *                       (the plan then has one row per slot); false: one block per elemental
 * @param prototypes     C prototypes of the public functions (also in the generated header)
 * @param colors         the number of colours (directions of the compressed sweep) when the colouring was fixed
 *                       at generation time; 0 when the gradient colours at run time (the pattern is not a
 *                       stencil the generator can follow, see {@code runTimeColoring})
 * @param elementalColors the colours each elemental alone would need, by name (empty when colouring at run time)
 * @param runTimeColoring why the gradient colours at run time; null when the colouring is fixed
 * @param directions     the directions of the sweep when it adds every iteration's derivatives straight into the
 *                       gradient (one per entry an iteration reads; no plan, pattern or colouring at run time);
 *                       0 when the gradient goes through the compressed Jacobian
 */
public record SeparableFunction(String primal, String expanded, String gradient, String dense,
        List<String> elementals, List<String> slotCounts, List<String> independents, List<String> gradientParams,
        boolean cacheable, boolean weightedRows, List<String> prototypes, int colors,
        java.util.Map<String, Integer> elementalColors, String runTimeColoring, int directions) {

    public SeparableFunction {
        elementalColors = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(elementalColors));
        elementals = List.copyOf(elementals);
        slotCounts = List.copyOf(slotCounts);
        independents = List.copyOf(independents);
        gradientParams = List.copyOf(gradientParams);
        prototypes = List.copyOf(prototypes);
    }
}
