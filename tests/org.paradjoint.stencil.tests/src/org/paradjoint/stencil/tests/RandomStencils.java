package org.paradjoint.stencil.tests;

import java.util.Random;

/** Public access to {@link RandomStencil} for tests in other packages of this fragment. */
public final class RandomStencils {

    private RandomStencils() {
    }

    public static String callees() {
        return RandomStencil.CALLEES;
    }

    public static String source(Random rnd, String name) {
        return RandomStencil.generate(rnd, name).source();
    }
}
