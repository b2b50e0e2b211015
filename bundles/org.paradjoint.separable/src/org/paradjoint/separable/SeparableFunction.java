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
 */
public record SeparableFunction(String primal, String expanded, String gradient, String dense,
        List<String> elementals, List<String> slotCounts, List<String> independents, List<String> gradientParams,
        boolean cacheable, boolean weightedRows, List<String> prototypes) {

    public SeparableFunction {
        elementals = List.copyOf(elementals);
        slotCounts = List.copyOf(slotCounts);
        independents = List.copyOf(independents);
        gradientParams = List.copyOf(gradientParams);
        prototypes = List.copyOf(prototypes);
    }
}
