package org.paradjoint.separable;

import java.util.List;

/**
 * Options of the separable transformation.
 *
 * @param independents   the active input arrays; null or empty: a {@code gradient} pragma's independents,
 *                       else every floating-point array parameter the elementals depend on
 * @param gradientSuffix suffix of the gradient parameters ({@code x} gets {@code x + suffix}); default
 *                       {@code b}, as adjoints: the gradient is {@code J^T} times the seed 1 of {@code f}
 * @param denseVariant   also generate {@code f_grad_dense}, the same sweep with one direction per input entry
 *                       (dense vector forward mode, for comparisons)
 * @param weightedRows   let the sweep apply the weights {@code dg/de} when the combination is linear with
 *                       coefficients fixed before the first elemental is initialised, so that all elementals
 *                       share one block of rows (default); false: one block per elemental always, weighted at
 *                       assembly
 * @param directAssembly when the pattern is a stencil the generator follows and the rows are weighted in the
 *                       sweep, let the sweep add every iteration's derivatives straight into the gradient, one
 *                       direction per entry an iteration reads: no pattern, colouring, compressed Jacobian or
 *                       assembly at run time (default); false: the compressed Jacobian with the colouring fixed
 *                       at generation time, as for the other layouts
 */
public record SeparableOptions(List<String> independents, String gradientSuffix, boolean denseVariant,
        boolean weightedRows, boolean directAssembly) {

    public SeparableOptions {
        independents = independents == null ? List.of() : List.copyOf(independents);
        gradientSuffix = gradientSuffix == null || gradientSuffix.isEmpty() ? "b" : gradientSuffix;
    }

    public static SeparableOptions defaults() {
        return new SeparableOptions(List.of(), "b", false, true, true);
    }

    public SeparableOptions withIndependents(List<String> names) {
        return new SeparableOptions(names, gradientSuffix, denseVariant, weightedRows, directAssembly);
    }

    public SeparableOptions withGradientSuffix(String suffix) {
        return new SeparableOptions(independents, suffix, denseVariant, weightedRows, directAssembly);
    }

    public SeparableOptions withDenseVariant(boolean dense) {
        return new SeparableOptions(independents, gradientSuffix, dense, weightedRows, directAssembly);
    }

    public SeparableOptions withWeightedRows(boolean weighted) {
        return new SeparableOptions(independents, gradientSuffix, denseVariant, weighted, directAssembly);
    }

    public SeparableOptions withDirectAssembly(boolean directly) {
        return new SeparableOptions(independents, gradientSuffix, denseVariant, weightedRows, directly);
    }
}
