package org.paradjoint.z3.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.paradjoint.race.Increment;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAnalysis;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.z3.Z3Prover;

/**
 * Soundness on random race-free parallel loops: whenever the analysis calls an adjoint increment
 * SAFE, enumerating all iterations on concrete inputs finds no other iteration touching the same
 * adjoint element. One loop in four has a {@code firstprivate} that carries between iterations.
 * {@code -Dparadjoint.loops=N} runs a longer campaign.
 */
class SoundnessTest {

    static final int LOOPS = 3000;

    @Test
    void safeVerdictsHoldOnEveryRaceFreeLoop() {
        Random rnd = new Random(0x5eed_2026L);
        Z3Prover z3 = new Z3Prover();
        int accepted = 0;
        int generated = 0;
        int safe = 0;
        int unsafe = 0;
        int reallyColliding = 0;
        int carried = 0;
        int loops = Integer.getInteger("paradjoint.loops", LOOPS);
        while (accepted < loops) {
            generated++;
            RandomLoops g = new RandomLoops(rnd);
            g.generate();
            Enumeration e = new Enumeration(g);
            if (!e.run() || e.primalRaces()) {
                continue;
            }
            accepted++;
            if (g.carry) {
                carried++;
            }
            RaceOptions options = RaceOptions.defaults().withBounds(rnd.nextInt(4) != 0);
            LoopReport report = RaceAnalysis.analyzeLoop(g.function, g.loop, z3, options);
            for (Increment inc : report.increments()) {
                String collision = e.collision(inc.primal());
                if (inc.isSafe()) {
                    safe++;
                    if (collision != null) {
                        fail("unsound SAFE for " + inc.adjoint() + ": " + collision + "\n" + Printer.loop(g) + "\nknowledge: "
                                + report.knowledge());
                    }
                } else {
                    unsafe++;
                    if (collision != null) {
                        reallyColliding++;
                    }
                }
            }
        }
        System.out.printf("soundness: %d loops (of %d generated; %d with a carried firstprivate), %d SAFE increments, "
                + "%d UNSAFE (%d of them collide)%n", accepted, generated, carried, safe, unsafe, reallyColliding);
        assertTrue(carried * 10 > accepted, "carried firstprivates are exercised: " + carried);
        assertTrue(safe * 10 > safe + unsafe, "the analysis proves something: " + safe + " SAFE increments");
        assertTrue(reallyColliding > 0, "some loops really need atomics");
    }
}
