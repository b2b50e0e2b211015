package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.frontend.ParallelRegion;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.z3.Z3Prover;

/**
 * Soundness over regions: each random race-free loop of {@link SoundnessTest}'s generator is
 * written as a worksharing loop of an {@code omp parallel} region (its private variables, and
 * now and then its carried {@code firstprivate}, declared on the region instead of the loop, a
 * {@code nowait} or not, explicit barriers before and after now and then), the region is lowered
 * as the front-ends lower it ({@link ParallelRegion#lower}), and the race analysis runs on the
 * loop that lowering gives. Whenever it calls an adjoint increment SAFE, enumerating all
 * iterations on concrete inputs finds no other iteration touching the same adjoint element.
 * {@code -Dparadjoint.regions=N} runs a longer campaign.
 */
class RegionSoundnessTest {

    static final int REGIONS = 3000;

    @Test
    void safeVerdictsHoldOnEveryWorksharingLoopOfARaceFreeRegion() {
        Random rnd = new Random(0x5eed_2027L);
        Z3Prover z3 = new Z3Prover();
        int accepted = 0;
        int safe = 0;
        int unsafe = 0;
        int reallyColliding = 0;
        int onRegion = 0;
        int regions = Integer.getInteger("paradjoint.regions", REGIONS);
        while (accepted < regions) {
            RandomLoops g = new RandomLoops(rnd);
            g.generate();
            Enumeration e = new Enumeration(g);
            if (!e.run() || e.primalRaces()) {
                continue;
            }
            accepted++;
            OmpParallelFor own = g.loop.omp();
            // the carried firstprivate on the region: each thread copies it once, as the loop would
            boolean firstprivateOnRegion = !own.firstprivates().isEmpty() && rnd.nextBoolean();
            onRegion += firstprivateOnRegion ? 1 : 0;
            OmpParallelFor regionClauses = OmpParallelFor.plain().withPrivates(own.privates())
                    .withFirstprivates(firstprivateOnRegion ? own.firstprivates() : List.of());
            OmpParallelFor loopClauses = OmpParallelFor.plain()
                    .withFirstprivates(firstprivateOnRegion ? List.of() : own.firstprivates());
            List<ParallelRegion.Part> parts = new ArrayList<>();
            if (rnd.nextInt(3) == 0) {
                parts.add(new ParallelRegion.Barrier(SourceRange.NONE));
            }
            parts.add(new ParallelRegion.Worksharing(g.loop.withOmp(loopClauses), rnd.nextBoolean()));
            if (rnd.nextInt(3) == 0) {
                parts.add(new ParallelRegion.Barrier(SourceRange.NONE));
            }
            List<Stmt> lowered = new ParallelRegion(regionClauses, List.of(), parts).lower();
            List<For> loops = lowered.stream().filter(s -> s instanceof For f && f.isParallel()).map(s -> (For) s)
                    .toList();
            assertEquals(1, loops.size(), lowered::toString);
            For loop = loops.get(0);
            // the enumeration knows the generated loop's references by identity: the lowered loop must hold them
            assertTrue(loop.body() == g.loop.body(), "the worksharing loop's body is the lowered loop's");
            // the region's private variables the loop writes reach its clauses (the counter is private anyway;
            // one it only reads holds no value of an iteration's own)
            Set<Variable> written = new HashSet<>(StmtUtil.writes(loop.body()));
            written.retainAll(own.privates());
            written.remove(loop.counter());
            Set<Variable> clauses = new HashSet<>(loop.omp().privates());
            clauses.addAll(loop.omp().firstprivates());
            assertTrue(clauses.containsAll(written), () -> "the region's privates " + written + " reach the loop: "
                    + loop.omp());
            Function function = g.function.withBody(new Block(lowered));
            RaceOptions options = RaceOptions.defaults().withBounds(rnd.nextInt(4) != 0);
            LoopReport report = RaceAnalysis.analyzeLoop(function, loop, z3, options);
            for (Increment inc : report.increments()) {
                String collision = e.collision(inc.primal());
                if (inc.isSafe()) {
                    safe++;
                    if (collision != null) {
                        fail("unsound SAFE for " + inc.adjoint() + " in a region: " + collision + "\n"
                                + Printer.loop(g) + "\nknowledge: " + report.knowledge());
                    }
                } else {
                    unsafe++;
                    if (collision != null) {
                        reallyColliding++;
                    }
                }
            }
        }
        System.out.printf("region soundness: %d regions (%d with the firstprivate on the region), %d SAFE increments, "
                + "%d UNSAFE (%d of them collide)%n", accepted, onRegion, safe, unsafe, reallyColliding);
        // the enumeration finds collisions through the lowered loop's references: the check is not vacuous
        assertTrue(reallyColliding > 0, "some loops really need atomics");
        assertTrue(onRegion * 20 > accepted, "firstprivates on the region are exercised: " + onRegion);
        assertTrue(safe * 10 > safe + unsafe, "the analysis proves something: " + safe + " SAFE increments");
    }
}
