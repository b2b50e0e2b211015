package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.paradjoint.cdt.tests.e2e.RandomKernel.Affine;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Bin;
import org.paradjoint.cdt.tests.e2e.RandomKernel.E;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Fn1;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Loop;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Num;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Read;
import org.paradjoint.cdt.tests.e2e.RandomKernel.S;
import org.paradjoint.cdt.tests.e2e.RandomKernel.SetTemp;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Store;

/**
 * Adds to a random kernel code whose values no derivative needs, the shapes that made generated
 * code fail {@code -Wall -Wextra -Werror}: the {@link RandomKernel#UNUSED} temporary set and never
 * read (at the top, in sequential loops, private to parallel loops), and loops that only compute
 * the output {@code v} (the adjoint must drop them, and with them the private scalars they use).
 * It draws from a random stream of its own, so the kernels' other code is what it was without it.
 */
final class UnneededCode {

    private final Random r;

    private UnneededCode(long seed) {
        this.r = new Random(seed * 0x9E3779B97F4A7C15L + 13);
    }

    static RandomKernel add(RandomKernel k) {
        return new UnneededCode(k.seed()).decorate(k);
    }

    private RandomKernel decorate(RandomKernel k) {
        String input = k.names().contains("x") ? "x" : "w";
        List<S> body = new ArrayList<>();
        for (S s : k.body()) {
            if (s instanceof Loop l && r.nextDouble() < 0.3) {
                List<S> inner = new ArrayList<>(l.body());
                inner.add(r.nextInt(inner.size() + 1), new SetTemp(RandomKernel.UNUSED, value(input, l.counter())));
                body.add(l.withBody(inner));
            } else {
                body.add(s);
            }
        }
        if (r.nextDouble() < 0.25) {
            body.add(r.nextInt(body.size() + 1), new SetTemp(RandomKernel.UNUSED, value(input, null)));
        }
        if (r.nextDouble() < 0.35) {
            body.add(r.nextInt(body.size() + 1), outputLoop(input, !k.names().contains("t3")));
        }
        return k.withBody(body);
    }

    /** {@code for (i ...) { [t3 = ...;] v[i] = ...; }}, parallel or not: only {@code v} comes out. */
    private Loop outputLoop(String input, boolean scalarFree) {
        boolean parallel = r.nextBoolean();
        List<S> body = new ArrayList<>();
        E value = value(input, "i");
        if (scalarFree && r.nextBoolean()) {
            // a private scalar whose adjoint nobody needs either
            body.add(new SetTemp("t3", value));
            value = new Bin('*', new RandomKernel.Scalar("t3"), value(input, "i"));
        }
        body.add(new Store("v", new Affine(1, "i", 0), "=", value));
        return new Loop("i", 0, "n", 1, false, parallel, body);
    }

    /** A smooth function of {@code input} at the counter (element 0 outside loops). */
    private E value(String input, String counter) {
        E read = new Read(input, new Affine(counter == null ? 0 : 1, counter, 0));
        E f = new Fn1(KernelGenerator.UNARY.get(r.nextInt(KernelGenerator.UNARY.size())), read);
        return r.nextBoolean() ? f : new Bin('+', f, new Num(0.5));
    }
}
