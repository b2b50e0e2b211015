package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The binomial schedule of checkpointed loops, as generated code runs it: the runtime's own C
 * text is compiled into a driver that follows every action for each number of steps up to 60 and
 * each number of snapshots up to 6, playing the working state and the snapshots by the step each
 * holds. It checks that every step is reversed once, last first, from its own initial state; that
 * no more than S snapshots are ever held; that the forward steps (advances) are exactly the
 * binomial minimum t(l, S) = r l - C(S + r, S + 1); and that the counts of actions the generated
 * loops run are those of the schedule.
 */
class CheckpointScheduleTest {

    private static final String DRIVER = """
            #include <stdio.h>
            #include <stdlib.h>
            %s
            static long binomial(long n, long k)
            {
                long b = 1, i;
                for (i = 1; i <= k; i++) {
                    b = b * (n - k + i) / i;
                }
                return b;
            }

            /* Griewank's minimum of forward steps to reverse l steps with s snapshots. */
            static long minimum(long l, long s)
            {
                long r = 0;
                if (l <= 1) {
                    return 0;
                }
                if (s > l) {
                    s = l;
                }
                while (binomial(s + r, s) < l) {
                    r++;
                }
                return r * l - binomial(s + r, s + 1);
            }

            int main(void)
            {
                long l, s, k, failures = 0, checked = 0;
                for (l = 0; l <= 60; l++) {
                    for (s = 1; s <= 6; s++) {
                        pa_tape t[1];
                        long held[64], state = 0, next = l - 1, most = 0, forward = -1, actions = 0;
                        int a;
                        pa_ck_init(t, l, s);
                        for (k = 0; k < 64; k++) {
                            held[k] = -1;
                        }
                        while ((a = pa_ck_step(t->rv)) != PA_CK_TERMINATE) {
                            pa_revolve *r = t->rv;
                            if (a == PA_CK_ADVANCE) {
                                if (state != r->from || r->to <= r->from || r->to > next) {
                                    printf("FAIL l=%%ld s=%%ld: advance %%ld..%%ld from state %%ld\\n", l, s, r->from, r->to, state);
                                    failures++;
                                }
                                state = r->to;
                            } else if (a == PA_CK_TAKESHOT) {
                                held[r->check] = state;
                            } else if (a == PA_CK_RESTORE) {
                                state = held[r->check];
                            } else {
                                if (a == PA_CK_FIRSTURN) {
                                    forward = actions;
                                }
                                if (pa_ck_turn(t) != next || state != next) {
                                    printf("FAIL l=%%ld s=%%ld: turn %%ld from state %%ld, expected %%ld\\n", l, s, pa_ck_turn(t), state, next);
                                    failures++;
                                }
                                next--;
                                state = -1; /* used up */
                            }
                            if (r->check + 1 > most) {
                                most = r->check + 1;
                            }
                            actions++;
                        }
                        if (next != -1 || most > s || ((pa_revolve *) t->rv)->advanced != minimum(l, s)
                                || actions != pa_ck_actions(t) || (l > 0 && forward != pa_ck_forward(t))) {
                            printf("FAIL l=%%ld s=%%ld: left %%ld, snapshots %%ld, advanced %%ld (minimum %%ld), actions %%ld/%%ld, forward %%ld/%%ld\\n",
                                   l, s, next + 1, most, ((pa_revolve *) t->rv)->advanced, minimum(l, s), actions, pa_ck_actions(t), forward, pa_ck_forward(t));
                            failures++;
                        }
                        pa_tape_free(t);
                        checked++;
                    }
                }
                printf("checked %%ld failures %%ld\\n", checked, failures);
                return failures != 0;
            }
            """;

    @Test
    void everyScheduleUpTo60StepsAnd6SnapshotsReversesEachStepOnceWithinTheBinomialMinimum() {
        Path dir = ScratchDir.deletedAtExit("pa-revolve");
        Path main = ScratchDir.write(dir, "main.c", DRIVER.formatted(Runtime.C_SOURCE + Runtime.CHECKPOINT_SOURCE));
        Path exe = Gcc.build(dir, "schedule", List.of(main), "-O1");
        Processes.Result r = Gcc.run(exe, Map.of(), 60);
        assertTrue(r.ok(), r.output());
        assertEquals("checked 366 failures 0", r.output().strip(), r.output());
    }

    @Test
    void theDefaultNumberOfSnapshotsAdvancesNoStepMoreThanThreeTimes() {
        Path dir = ScratchDir.deletedAtExit("pa-revolve");
        Path main = ScratchDir.write(dir, "main.c", """
                #include <stdio.h>
                #include <stdlib.h>
                %s
                int main(void)
                {
                    printf("%%ld %%ld %%ld %%ld %%ld\\n", pa_ck_default(1), pa_ck_default(4), pa_ck_default(100),
                           pa_ck_default(1000), pa_ck_default(10000));
                    return 0;
                }
                """.formatted(Runtime.C_SOURCE + Runtime.CHECKPOINT_SOURCE));
        Processes.Result r = Gcc.run(Gcc.build(dir, "default", List.of(main)), Map.of(), 60);
        // C(S + 3, 3) >= steps: 1 -> 1, 4 -> 1, 100 -> 7 (C(10,3) = 120), 1000 -> 17 (C(20,3) = 1140), 10000 -> 38 (C(41,3) = 10660)
        assertEquals("1 1 7 17 38", r.output().strip(), r.output());
    }
}
