package org.paradjoint.stencil.internal;

import java.util.List;

/**
 * One gather nest to emit: the box it iterates over and, per input, the shifts whose
 * contributions its statement sums. A term's {@code guard} (conditions that all must hold) says
 * where the iteration it comes from exists; the statement's {@code guard} keeps the write inside
 * the positions the input is read at. Empty guards mean "valid on the whole box".
 */
record NestPlan(List<Extent> box, List<NestPlan.Gather> gathers) {

    record Term(Shift shift, List<Bound> guard) {
        Term {
            guard = List.copyOf(guard);
        }
    }

    record Gather(Input input, List<Term> terms, List<Bound> guard) {
        Gather {
            terms = List.copyOf(terms);
            guard = List.copyOf(guard);
        }
    }

    NestPlan {
        box = List.copyOf(box);
        gathers = List.copyOf(gathers);
    }
}
