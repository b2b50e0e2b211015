package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.separable.internal.SymbolicPattern.Ref;
import org.paradjoint.separable.internal.SymbolicPattern.Site;
import org.paradjoint.separable.internal.SymbolicPattern.Update;
import org.paradjoint.separable.internal.SymbolicPattern.Walk;

/**
 * The gradient without a compressed Jacobian: when the pattern is a {@link Stencil} and the sweep applies
 * the weights itself (one shared block of rows, {@link RowLayout#weighted()}), every row of the weighted
 * elemental Jacobian is one iteration of a loop nest, and the gradient is the sum over the iterations of
 * each row's entries. The generator knows which entries an iteration reads: the distinct input references
 * of the innermost loop around the updates, as polynomials in the counters ({@code x[i]}, {@code x[i + 1]}).
 * Taking those references as the directions of the forward sweep (direction {@code d} seeds the entry of
 * reference {@code d}), an iteration's derivative vector holds, in direction {@code d}, the derivative with
 * respect to that entry, which the sweep adds straight into the gradient ({@code xb[i + 1] += acc[1]}):
 * no pattern detection, no colours, no compressed matrix, no recovery and assembly pass at run time.
 *
 * <p>Why a direction is a reference and not a colour: the colour of an entry depends on its position
 * modulo the period, so the direction a reference seeds would be looked up in every iteration; the
 * reference's number is fixed at generation time, so the selections of the seeds fold away when the
 * direction loops are unrolled. A row holds at most as many entries as the periodic colouring has colours
 * (the lower bound both reach here), and an iteration reads a subset of its row: never more directions.
 *
 * <p>Why it is exact: the stencil walk poisons every active scalar that may carry a value from an earlier
 * iteration, so an update's term depends only on references read in the same iteration of the same
 * innermost loop (checked below: otherwise the compressed path stays); two reads with the same polynomial
 * read the same entry; two directions that happen to meet the same entry both add to it, which is the
 * sum the gradient needs. A reference read only under a branch inside the loop may not be read in a given
 * iteration: the sweep records its entry where it is read and adds that direction only when it was.
 */
final class DirectAssembly {

    /** One direction of a loop's iterations: its number, the active array it reads, its entry. */
    record Direction(int number, int array, Ref ref, boolean guarded) {
    }

    private final Map<Integer, List<Direction>> byLoop;
    private final IdentityHashMap<For, Integer> loopNumbers;
    private final IdentityHashMap<Assign, Map<LValue, Site>> sites;
    private final int directions;

    private DirectAssembly(Map<Integer, List<Direction>> byLoop, Walk walk) {
        this.byLoop = byLoop;
        this.loopNumbers = walk.loopNumbers();
        this.sites = walk.sites();
        this.directions = byLoop.values().stream().mapToInt(List::size).max().orElse(0);
    }

    /**
     * The direct assembly of a model, or null when the gradient keeps the compressed Jacobian: the
     * colouring is not fixed at generation time (no stencil), the rows are weighted at assembly (the
     * weights {@code dg/de} are known only after the sweep), or a term reads an input outside the
     * innermost loop around its update.
     */
    static DirectAssembly of(ActiveModel m, RowLayout layout, ColumnColoringChoice coloring) {
        if (!coloring.atGenerationTime() || !layout.weighted()) {
            return null;
        }
        Walk walk = SymbolicPattern.walk(m);
        Map<Integer, Map<Key, Ref>> keys = new LinkedHashMap<>();
        for (Update u : walk.updates()) {
            for (Ref r : u.refs()) {
                if (u.loop() < 0 || r.loop() != u.loop()) {
                    return null;
                }
                keys.computeIfAbsent(u.loop(), l -> new LinkedHashMap<>()).putIfAbsent(new Key(r), r);
            }
        }
        // a direction needs its read recorded unless some read of its entry runs in every iteration
        Map<Integer, Map<Key, Boolean>> everyIteration = new LinkedHashMap<>();
        for (Map<LValue, Site> reads : walk.sites().values()) {
            for (Site s : reads.values()) {
                if (!s.conditional()) {
                    everyIteration.computeIfAbsent(s.ref().loop(), l -> new LinkedHashMap<>()).put(new Key(s.ref()),
                            true);
                }
            }
        }
        Map<Integer, List<Direction>> byLoop = new LinkedHashMap<>();
        keys.forEach((loop, refs) -> {
            List<Direction> list = new ArrayList<>();
            for (Map.Entry<Key, Ref> e : refs.entrySet()) {
                boolean always = everyIteration.getOrDefault(loop, Map.of()).containsKey(e.getKey());
                list.add(new Direction(list.size(), e.getValue().array(), e.getValue(), !always));
            }
            byLoop.put(loop, List.copyOf(list));
        });
        return new DirectAssembly(byLoop, walk);
    }

    /** The number of directions of the sweep: the most entries one iteration of a loop reads. */
    int directions() {
        return directions;
    }

    /** The directions of the iterations of a loop of the model's body (empty: no update in it). */
    List<Direction> of(For loop) {
        Integer number = loopNumbers.get(loop);
        return number == null ? List.of() : byLoop.getOrDefault(number, List.of());
    }

    /** The direction an input read of an assignment seeds, or null when it reaches no update. */
    Direction of(Assign a, LValue leaf) {
        Site s = sites.getOrDefault(a, Map.of()).get(leaf);
        if (s == null) {
            return null;
        }
        Key key = new Key(s.ref());
        for (Direction d : byLoop.getOrDefault(s.ref().loop(), List.of())) {
            if (new Key(d.ref()).equals(key)) {
                return d;
            }
        }
        return null;
    }

    /** What makes two reads of one iteration read the same entry: the array and the index. */
    private record Key(int array, Poly index) {
        Key(Ref r) {
            this(r.array(), r.index());
        }
    }
}
