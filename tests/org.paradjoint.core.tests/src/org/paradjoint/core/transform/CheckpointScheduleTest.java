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
    /**
     * The schedule of loops checkpointed by default ({@code pa_ck_init_auto}), played as generated
     * code plays it for 0 to 40 steps, steps taping the same or varying amounts, and budgets from
     * none to plenty: the steps recorded forward are reversed from the tape, the others from
     * snapshots, every step once, last first, each from its own initial state; a loop whose steps
     * tape the same amount and whose whole tape fits the budget never snapshots or advances (it
     * costs what a taped loop costs: the decision extrapolates from the steps recorded so far, so
     * steps that tape more early on may switch sooner); one that does not fit holds at most the
     * budget plus a snapshot and two steps' tapes.
     */
    @Test
    void loopsCheckpointedByDefaultTapeWithinTheBudgetAndReverseEachStepOnce() {
        Path dir = ScratchDir.deletedAtExit("pa-revolve");
        Path main = ScratchDir.write(dir, "main.c", """
                #include <stdio.h>
                #include <stdlib.h>
                %s
                #define STATE 100.0
                static long bytes_of(int pattern, long step)
                {
                    return pattern == 0 ? 80 : 8 * (1 + (step * 7) %% 5);
                }
                int main(void)
                {
                    static const double budgets[] = {1, 450, 2000, 1e9};
                    long l, b, k, failures = 0, checked = 0;
                    int pattern;
                    for (pattern = 0; pattern < 2; pattern++) {
                        for (b = 0; b < 4; b++) {
                            for (l = 0; l <= 40; l++) {
                                pa_tape t[1], f[1];
                                long held[64], stack[64], state = 0, next = l - 1, top = 0, a, most = 0, maxstep = 0;
                                double peak = 0, whole = 0;
                                pa_revolve *r;
                                pa_tape_init(f);
                                pa_ck_init_auto(t, f, l, STATE);
                                r = (pa_revolve *) t->rv;
                                r->budget = budgets[b];
                                for (k = 0; k < l; k++) {
                                    whole += (double) bytes_of(pattern, k);
                                    maxstep = bytes_of(pattern, k) > maxstep ? bytes_of(pattern, k) : maxstep;
                                }
            #define RECORD(step) do { \\
                                    if (state != (step)) { printf("FAIL p=%%d b=%%ld l=%%ld: record %%ld from state %%ld\\n", pattern, b, l, (long) (step), state); failures++; } \\
                                    f->nd += bytes_of(pattern, step) / 8; stack[top++] = (step); state = (step) + 1; \\
                                } while (0)
            #define REVERSE(step) do { \\
                                    if (top == 0 || stack[top - 1] != next || (step) != next) { \\
                                        printf("FAIL p=%%d b=%%ld l=%%ld: reversed %%ld, expected %%ld\\n", pattern, b, l, (long) (step), next); \\
                                        failures++; \\
                                    } else { \\
                                        f->nd -= bytes_of(pattern, next) / 8; \\
                                        top--; \\
                                    } \\
                                    next--; \\
                                    state = -1; /* used up */ \\
                                } while (0)
            #define MEASURE() do { \\
                                    double m = (double) f->nd * 8 + (r->check + 1) * STATE; \\
                                    peak = m > peak ? m : peak; \\
                                    most = r->check + 1 > most ? r->check + 1 : most; \\
                                } while (0)
                                for (k = 0; k < pa_ck_tape_until(t); k++) {
                                    RECORD(k);
                                    pa_ck_taped(t, f);
                                    MEASURE();
                                }
                                for (a = 0; a < pa_ck_forward(t); a++) {
                                    pa_ck_next(t);
                                    if (pa_ck_advancing(t)) {
                                        if (state != pa_ck_from(t)) { printf("FAIL p=%%d b=%%ld l=%%ld: advance from %%ld in state %%ld\\n", pattern, b, l, pa_ck_from(t), state); failures++; }
                                        state = pa_ck_to(t);
                                    }
                                    if (pa_ck_storing(t)) {
                                        held[r->check] = state;
                                    }
                                    MEASURE();
                                }
                                if (pa_ck_scheduled(t)) {
                                    RECORD(l - 1);
                                    MEASURE();
                                }
                                for (a = pa_ck_forward(t); a < pa_ck_actions(t); a++) {
                                    pa_ck_next(t);
                                    if (pa_ck_advancing(t)) {
                                        if (state != pa_ck_from(t)) { printf("FAIL p=%%d b=%%ld l=%%ld: advance from %%ld in state %%ld\\n", pattern, b, l, pa_ck_from(t), state); failures++; }
                                        state = pa_ck_to(t);
                                    }
                                    if (pa_ck_storing(t)) {
                                        held[r->check] = state;
                                    }
                                    if (pa_ck_restoring(t)) {
                                        state = held[r->check];
                                    }
                                    if (pa_ck_recording(t)) {
                                        RECORD(pa_ck_turn(t));
                                    }
                                    MEASURE();
                                    if (pa_ck_reversing(t)) {
                                        REVERSE(pa_ck_turn(t));
                                    }
                                }
                                for (k = pa_ck_taped_steps(t) - 1; k >= 0; k--) {
                                    REVERSE(k);
                                }
                                if (next != -1 || top != 0 || f->nd != 0) {
                                    printf("FAIL p=%%d b=%%ld l=%%ld: %%ld steps left, %%ld on the tape\\n", pattern, b, l, next + 1, top);
                                    failures++;
                                }
                                if (pattern == 0 && whole <= budgets[b] && (most != 0 || r->advanced != 0)) {
                                    printf("FAIL p=%%d b=%%ld l=%%ld: fits, yet %%ld snapshots and %%ld steps advanced\\n", pattern, b, l, most, r->advanced);
                                    failures++;
                                }
                                if (whole > budgets[b] && peak > budgets[b] + STATE + 2.0 * maxstep) {
                                    printf("FAIL p=%%d b=%%ld l=%%ld: peak %%g over budget %%g\\n", pattern, b, l, peak, budgets[b]);
                                    failures++;
                                }
                                pa_tape_free(t);
                                pa_tape_free(f);
                                checked++;
                            }
                        }
                    }
                    printf("checked %%ld failures %%ld\\n", checked, failures);
                    return failures != 0;
                }
                """.formatted(Runtime.C_SOURCE + Runtime.CHECKPOINT_SOURCE));
        Processes.Result r = Gcc.run(Gcc.build(dir, "auto", List.of(main), "-O1"), Map.of(), 60);
        assertTrue(r.ok(), r.output());
        assertEquals("checked 328 failures 0", r.output().strip(), r.output());
    }
}
