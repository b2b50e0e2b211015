package org.paradjoint.cdt.tests.e2e;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.paradjoint.cdt.tests.e2e.RandomKernel.Bin;
import org.paradjoint.cdt.tests.e2e.RandomKernel.E;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Fn1;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Fn2;
import org.paradjoint.cdt.tests.e2e.RandomKernel.IfElse;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Loop;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Read;
import org.paradjoint.cdt.tests.e2e.RandomKernel.S;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Scalar;
import org.paradjoint.cdt.tests.e2e.RandomKernel.SetTemp;
import org.paradjoint.cdt.tests.e2e.RandomKernel.Store;

/**
 * Removes what gcc -Wall -Wextra would reject or what carries no meaning: assignments to
 * temporaries nobody else reads (set but not used), empty loops and empty branches. The
 * {@link RandomKernel#UNUSED} temporary stays: it is set but not used on purpose.
 */
final class KernelCleanup {

    private KernelCleanup() {
    }

    static RandomKernel clean(RandomKernel k) {
        List<S> body = k.body();
        while (true) {
            Set<String> live = liveTemps(body);
            List<S> next = prune(body, live);
            if (next.equals(body)) {
                return k.withBody(body);
            }
            body = next;
        }
    }

    /** Temporaries read somewhere other than in their own assignment. */
    private static Set<String> liveTemps(List<S> body) {
        Set<String> live = new LinkedHashSet<>();
        RandomKernel.statements(body, s -> {
            String self = s instanceof SetTemp t ? t.temp() : null;
            List<E> tops = switch (s) {
                case SetTemp t -> List.of(t.value());
                case Store st -> List.of(st.value());
                case IfElse i -> List.of(i.left(), i.right());
                case Loop l -> List.of();
            };
            for (E top : tops) {
                RandomKernel.expressions(top, e -> {
                    if (e instanceof Scalar v && v.name().startsWith("t") && !v.name().equals(self)) {
                        live.add(v.name());
                    }
                });
            }
        });
        return live;
    }

    /** Rewrites every read (values and conditions; indices hold no reads of floating arrays). */
    static List<S> mapReads(List<S> list, UnaryOperator<Read> f) {
        List<S> out = new ArrayList<>();
        for (S s : list) {
            out.add(switch (s) {
                case SetTemp t -> new SetTemp(t.temp(), mapReads(t.value(), f));
                case Store st -> new Store(st.array(), st.idx(), st.op(), mapReads(st.value(), f));
                case Loop l -> l.withBody(mapReads(l.body(), f));
                case IfElse i -> new IfElse(mapReads(i.left(), f), i.cmp(), mapReads(i.right(), f),
                        mapReads(i.then(), f), mapReads(i.otherwise(), f));
            });
        }
        return out;
    }

    private static E mapReads(E e, UnaryOperator<Read> f) {
        return switch (e) {
            case Read r -> f.apply(r);
            case Fn1 x -> new Fn1(x.form(), mapReads(x.arg(), f));
            case Fn2 x -> new Fn2(x.fn(), mapReads(x.a(), f), mapReads(x.b(), f));
            case Bin b -> new Bin(b.op(), mapReads(b.a(), f), mapReads(b.b(), f));
            default -> e;
        };
    }

    private static List<S> prune(List<S> list, Set<String> live) {
        List<S> out = new ArrayList<>();
        for (S s : list) {
            switch (s) {
                case SetTemp t -> {
                    if (live.contains(t.temp()) || t.temp().equals(RandomKernel.UNUSED)) {
                        out.add(t);
                    }
                }
                case Loop l -> {
                    List<S> b = prune(l.body(), live);
                    if (!b.isEmpty()) {
                        out.add(l.withBody(b));
                    }
                }
                case IfElse i -> {
                    List<S> then = prune(i.then(), live);
                    List<S> otherwise = prune(i.otherwise(), live);
                    if (then.isEmpty()) {
                        out.addAll(otherwise);
                    } else {
                        out.add(new IfElse(i.left(), i.cmp(), i.right(), then, otherwise));
                    }
                }
                case Store st -> out.add(st);
            }
        }
        return out;
    }
}
