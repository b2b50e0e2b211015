package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The run-time half of checkpointed time loops ({@code ad checkpoint(binomial[, S])}): the binomial
 * schedule of Griewank and Walther's Revolve (ACM TOMS 26(1), 2000, "Algorithm 799") and the
 * snapshots it asks for. Printed after the tape runtime ({@link Runtime#C_SOURCE}) into the files
 * that checkpoint, under its own guard: a checkpointed loop's schedule hangs off a tape variable
 * of its own ({@code pa_tape pa_ck[1]}, field {@code rv}, opaque to the tape, which releases it
 * through {@code release_rv}), so generated code needs no type besides the tape's and
 * {@code pa_tape_free} releases it.
 *
 * <p>The schedule is a state machine asked for one action at a time: <em>advance</em> the working
 * state over steps {@code from .. to-1} (primal only), <em>take a snapshot</em> of it into slot
 * {@code check}, <em>restore</em> it from the top slot, or <em>turn</em>: record step {@code fine}
 * on the tape and reverse it (the first turn's recording is the forward sweep's last step). With
 * {@code s} snapshots free, counting the one at the working state, and {@code l} steps left,
 * {@code r} the least number with {@code C(s + r, s) >= l}, the next snapshot goes {@code m} steps
 * ahead, {@code beta(s, r) = C(s + r, s)}, for any {@code m} with
 * {@code max(beta(s, r - 2), l - beta(s - 1, r)) <= m <= min(beta(s, r - 1), l - beta(s - 1, r - 1))}:
 * then the part after the new snapshot takes {@code r} repetitions with one snapshot less, the part
 * before it {@code r - 1} with as many, and (by Pascal's rule) the steps advanced sum to the
 * binomial minimum {@code t(l, s) = r l - beta(s + 1, r - 1)}. The largest such {@code m} is taken. The number of actions before the first turn and in all is
 * counted by a dry run when the schedule starts, so that generated code runs the actions in two
 * counted loops (the forward sweep's and the reverse sweep's).
 */
final class CheckpointRuntime {

    /** The schedule's type, before the tape that holds it (the tape's release frees it). */
    static final String C_TYPES = """
            #include <string.h>
            #if defined(__unix__) || defined(__APPLE__)
            #include <unistd.h>
            #endif
            /* Paradjoint checkpointing: Revolve's binomial schedule and its snapshots. */
            typedef struct {
                long steps, snaps;      /* steps of the loop; snapshots at most */
                long *ch;               /* ch[k]: the step whose initial state snapshot k holds */
                long check;             /* the top snapshot, -1 for none */
                long capo;              /* the step whose initial state is the working state */
                long fine;              /* steps 0 .. fine-1 are still to be reversed */
                long from, to;          /* the last advance: steps from .. to-1 */
                int action, stale;      /* the last action; a turn used the working state up */
                long forward, actions;  /* actions before the first turn, actions in all */
                long advanced;          /* steps advanced so far */
                long taped;             /* steps 0 .. taped-1 are on the function's tape, not scheduled */
                int taping;             /* still taping every step (a loop checkpointed by default) */
                long mark_d, mark_i;    /* the function tape's heights when the loop started */
                double budget, state;   /* the tape budget and a snapshot's bytes */
                char **slot;            /* the snapshots */
                size_t *size;           /* bytes allocated for each */
                size_t cursor;          /* next byte of the top snapshot to write or read */
            } pa_revolve;

            static inline void pa_ck_release(pa_revolve *r)
            {
                long k;
                if (r == NULL) {
                    return;
                }
                for (k = 0; k < r->snaps; k++) {
                    free(r->slot[k]);
                }
                free(r->slot);
                free(r->size);
                free(r->ch);
                free(r);
            }

            /* The tape's release of the schedule it holds (the tape knows it only as void *). */
            static inline void pa_ck_release_opaque(void *r)
            {
                pa_ck_release((pa_revolve *) r);
            }
            """;

    /** The schedule and the snapshots' copies, after the tape's stacks. */
    static final String C_FUNCTIONS = """

            enum { PA_CK_ADVANCE = 1, PA_CK_TAKESHOT, PA_CK_RESTORE, PA_CK_FIRSTURN, PA_CK_YOUTURN, PA_CK_TERMINATE };

            /* C(s + r, s), the steps s snapshots reverse with r repetitions; 0 for r < 0. */
            static inline long pa_ck_beta(long s, long r)
            {
                long b = 1, i;
                if (r < 0) {
                    return 0;
                }
                for (i = 1; i <= r; i++) {
                    b = b * (s + i) / i;
                }
                return b;
            }

            /* The snapshots when the annotation names none: the fewest with which no step is
               advanced more than three times (C(S + 3, 3) >= steps). */
            static inline long pa_ck_default(long steps)
            {
                long s = 1;
                while (pa_ck_beta(s, 3) < steps) {
                    s++;
                }
                return s;
            }

            static inline void pa_ck_rewind(pa_revolve *r)
            {
                r->check = -1;
                r->capo = 0;
                r->fine = r->steps;
                r->from = r->to = 0;
                r->action = 0;
                r->stale = 0;
                r->advanced = 0;
                r->cursor = 0;
                r->taped = 0;
            }

            /* The next action of the schedule of steps taped .. steps-1 (taped is 0 but for a loop
               checkpointed by default past its budget, whose first steps are on the function's tape). */
            static inline int pa_ck_step(pa_revolve *r)
            {
                long l, s, rep, m, low;
                if (r->fine <= r->taped) {
                    return r->action = PA_CK_TERMINATE;
                }
                if (r->stale) {
                    if (r->ch[r->check] == r->fine) {
                        r->check--; /* it held the state before the step just reversed */
                    }
                    r->capo = r->ch[r->check];
                    r->stale = 0;
                    r->cursor = 0;
                    return r->action = PA_CK_RESTORE;
                }
                if (r->capo == r->fine - 1) {
                    r->fine--;
                    r->stale = 1;
                    return r->action = r->fine == r->steps - 1 ? PA_CK_FIRSTURN : PA_CK_YOUTURN;
                }
                if ((r->check < 0 || r->ch[r->check] != r->capo) && r->check + 1 < r->snaps) {
                    r->ch[++r->check] = r->capo;
                    r->cursor = 0;
                    return r->action = PA_CK_TAKESHOT;
                }
                l = r->fine - r->capo;
                s = r->snaps - r->check;
                if (s > l) {
                    s = l;
                }
                for (rep = 0; pa_ck_beta(s, rep) < l; rep++) {
                }
                m = pa_ck_beta(s, rep - 1);
                low = l - pa_ck_beta(s - 1, rep - 1);
                if (low < m) {
                    m = low;
                }
                r->from = r->capo;
                r->to = r->capo + m;
                r->capo = r->to;
                r->advanced += m;
                return r->action = PA_CK_ADVANCE;
            }

            /* Counts, by a dry run from the schedule's start, the actions up to the first turn (the
               forward sweep's) and in all. */
            static inline void pa_ck_count(pa_revolve *r)
            {
                pa_revolve c = *r;
                long n = 0;
                int a;
                c.ch = (long *) malloc((size_t) r->snaps * sizeof(long));
                if (c.ch == NULL) {
                    pa_tape_oom();
                }
                r->forward = 0;
                while ((a = pa_ck_step(&c)) != PA_CK_TERMINATE) {
                    if (a == PA_CK_FIRSTURN) {
                        r->forward = n;
                    }
                    n++;
                }
                r->actions = n;
                free(c.ch);
            }

            /* Room for snaps snapshots (the arrays a schedule indexes by snapshot). */
            static inline void pa_ck_slots(pa_revolve *r, long snaps)
            {
                r->snaps = snaps;
                r->ch = (long *) calloc((size_t) snaps, sizeof(long));
                r->slot = (char **) calloc((size_t) snaps, sizeof(char *));
                r->size = (size_t *) calloc((size_t) snaps, sizeof(size_t));
                if (r->ch == NULL || r->slot == NULL || r->size == NULL) {
                    pa_tape_oom();
                }
            }

            /* Starts the schedule of a loop of steps steps with snaps snapshots in t (a tape of its own). */
            static inline void pa_ck_init(pa_tape *t, long steps, long snaps)
            {
                pa_revolve *r;
                if (snaps < 1) {
                    fprintf(stderr, "paradjoint: a checkpointed loop needs at least one snapshot, not %ld\\n", snaps);
                    abort();
                }
                pa_tape_init(t);
                r = (pa_revolve *) calloc(1, sizeof(pa_revolve));
                if (r == NULL) {
                    pa_tape_oom();
                }
                r->steps = steps > 0 ? steps : 0;
                pa_ck_slots(r, snaps < r->steps ? snaps : (r->steps > 0 ? r->steps : 1));
                t->rv = r;
                t->release_rv = pa_ck_release_opaque;
                pa_ck_rewind(r);
                pa_ck_count(r);
            }

            /* The tape budget of loops checkpointed by default, in bytes: @TAPE_BUDGET@ from the
               environment (a number, optionally followed by K, M or G), else PA_TAPE_BUDGET when the
               build defines it, else half the physical memory (2 GiB where that is unknown). */
            #ifndef PA_TAPE_BUDGET
            #define PA_TAPE_BUDGET 0
            #endif
            static inline double pa_ck_budget(void)
            {
                const char *e = getenv("@TAPE_BUDGET@");
                if (e != NULL && *e != '\\0') {
                    char *end;
                    double v = strtod(e, &end);
                    if (*end == 'k' || *end == 'K') {
                        v *= 1024.0;
                    } else if (*end == 'm' || *end == 'M') {
                        v *= 1024.0 * 1024.0;
                    } else if (*end == 'g' || *end == 'G') {
                        v *= 1024.0 * 1024.0 * 1024.0;
                    }
                    if (v > 0) {
                        return v;
                    }
                }
                if (PA_TAPE_BUDGET > 0) {
                    return (double) PA_TAPE_BUDGET;
                }
            #if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
                if (sysconf(_SC_PHYS_PAGES) > 0 && sysconf(_SC_PAGE_SIZE) > 0) {
                    return 0.5 * (double) sysconf(_SC_PHYS_PAGES) * (double) sysconf(_SC_PAGE_SIZE);
                }
            #endif
                return 2.0 * 1024.0 * 1024.0 * 1024.0;
            }

            /* Starts the schedule of a loop checkpointed by default, of steps steps whose state takes
               state bytes, in t (a tape of its own): the loop tapes its steps on the function's tape
               f, as an ordinary taped loop, up to pa_ck_tape_until, while the tape of the steps taped
               so far, extrapolated to all steps, fits the budget (see pa_ck_taped). */
            static inline void pa_ck_init_auto(pa_tape *t, const pa_tape *f, long steps, double state)
            {
                pa_revolve *r;
                pa_tape_init(t);
                r = (pa_revolve *) calloc(1, sizeof(pa_revolve));
                if (r == NULL) {
                    pa_tape_oom();
                }
                r->steps = steps > 0 ? steps : 0;
                t->rv = r;
                t->release_rv = pa_ck_release_opaque;
                pa_ck_rewind(r);
                r->taping = 1;
                r->mark_d = f->nd;
                r->mark_i = f->ni;
                r->budget = pa_ck_budget();
                r->state = state > 0 ? state : 1.0;
            }

            /* After a step taped: when the loop's share of the function's tape f, times steps over the
               steps taped, exceeds the budget, taping stops there and the remaining steps follow
               Revolve's schedule from the working state, with as many snapshots as the rest of the
               budget holds (at least one). */
            static inline void pa_ck_taped(pa_tape *t, const pa_tape *f)
            {
                pa_revolve *r = (pa_revolve *) t->rv;
                double bytes = (double) (f->nd - r->mark_d) * sizeof(double) + (double) (f->ni - r->mark_i) * sizeof(int);
                double room;
                long snaps;
                r->taped++;
                if (!r->taping || r->taped >= r->steps || bytes / (double) r->taped * (double) r->steps <= r->budget) {
                    return;
                }
                r->taping = 0;
                room = (r->budget - bytes) / r->state;
                snaps = room < 1.0 ? 1 : (room > (double) (r->steps - r->taped) ? r->steps - r->taped : (long) room);
                pa_ck_slots(r, snaps);
                r->capo = r->taped;
                pa_ck_count(r);
            }

            /* The steps a loop checkpointed by default tapes: all while the budget holds. */
            static inline long pa_ck_tape_until(const pa_tape *t)
            {
                pa_revolve *r = (pa_revolve *) t->rv;
                return r->taping ? r->steps : r->taped;
            }

            /* The steps taped, reversed after the schedule's part. */
            static inline long pa_ck_taped_steps(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->taped;
            }

            /* Whether the schedule has steps (not all taped): its first turn's step is then recorded. */
            static inline int pa_ck_scheduled(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->taped < ((pa_revolve *) t->rv)->steps;
            }

            static inline void pa_ck_next(pa_tape *t)
            {
                pa_ck_step((pa_revolve *) t->rv);
            }

            static inline long pa_ck_forward(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->forward;
            }

            static inline long pa_ck_actions(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->actions;
            }

            static inline int pa_ck_advancing(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->action == PA_CK_ADVANCE;
            }

            static inline int pa_ck_storing(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->action == PA_CK_TAKESHOT;
            }

            static inline int pa_ck_restoring(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->action == PA_CK_RESTORE;
            }

            /* A turn after the first: the step is recorded now. */
            static inline int pa_ck_recording(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->action == PA_CK_YOUTURN;
            }

            static inline int pa_ck_reversing(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->action == PA_CK_FIRSTURN || ((pa_revolve *) t->rv)->action == PA_CK_YOUTURN;
            }

            static inline long pa_ck_from(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->from;
            }

            static inline long pa_ck_to(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->to;
            }

            /* The step a turn reverses. */
            static inline long pa_ck_turn(const pa_tape *t)
            {
                return ((pa_revolve *) t->rv)->fine;
            }

            /* Appends bytes to the top snapshot; its buffer grows once, to the state's size. */
            static inline void pa_ck_put(pa_tape *t, const void *p, size_t bytes)
            {
                pa_revolve *r = (pa_revolve *) t->rv;
                long k = r->check;
                if (r->cursor + bytes > r->size[k]) {
                    char *q = (char *) realloc(r->slot[k], r->cursor + bytes);
                    if (q == NULL) {
                        pa_tape_oom();
                    }
                    r->slot[k] = q;
                    r->size[k] = r->cursor + bytes;
                }
                memcpy(r->slot[k] + r->cursor, p, bytes);
                r->cursor += bytes;
            }

            /* Reads back, in the order written, what pa_ck_put stored in the top snapshot. */
            static inline void pa_ck_get(pa_tape *t, void *p, size_t bytes)
            {
                pa_revolve *r = (pa_revolve *) t->rv;
                memcpy(p, r->slot[r->check] + r->cursor, bytes);
                r->cursor += bytes;
            }
            """.replace("@TAPE_BUDGET@", Runtime.TAPE_BUDGET_VARIABLE) + copies("double", "d") + copies("float", "f")
            + copies("int", "i") + copies("long", "l");

    /** The whole text, guarded: printed into a file that calls any {@code pa_ck_} function. */
    static final String C_SOURCE = "#ifndef PARADJOINT_CHECKPOINT_H\n#define PARADJOINT_CHECKPOINT_H\n" + C_TYPES
            + C_FUNCTIONS + "#endif /* PARADJOINT_CHECKPOINT_H */\n";

    /** True for the name of a function of this runtime. */
    static boolean isCall(String name) {
        return name.startsWith("pa_ck_");
    }

    static final String INIT = "pa_ck_init";
    static final String INIT_BY_DEFAULT = "pa_ck_init_auto";
    static final String TAPED = "pa_ck_taped";
    static final String TAPE_UNTIL = "pa_ck_tape_until";
    static final String TAPED_STEPS = "pa_ck_taped_steps";
    static final String SCHEDULED = "pa_ck_scheduled";
    static final String DEFAULT = "pa_ck_default";
    static final String NEXT = "pa_ck_next";
    static final String FORWARD = "pa_ck_forward";
    static final String ACTIONS = "pa_ck_actions";
    static final String ADVANCING = "pa_ck_advancing";
    static final String STORING = "pa_ck_storing";
    static final String RESTORING = "pa_ck_restoring";
    static final String RECORDING = "pa_ck_recording";
    static final String REVERSING = "pa_ck_reversing";
    static final String FROM = "pa_ck_from";
    static final String TO = "pa_ck_to";
    static final String TURN = "pa_ck_turn";

    private CheckpointRuntime() {
    }

    /** Scalar and array copies into and out of the top snapshot for C type {@code type}. */
    private static String copies(String type, String suffix) {
        return """

                static inline void pa_ck_put_%2$s(pa_tape *t, %1$s v)
                {
                    pa_ck_put(t, &v, sizeof v);
                }

                static inline %1$s pa_ck_get_%2$s(pa_tape *t)
                {
                    %1$s v;
                    pa_ck_get(t, &v, sizeof v);
                    return v;
                }

                static inline void pa_ck_put_%2$sa(pa_tape *t, const void *p, long n)
                {
                    pa_ck_put(t, p, (size_t) n * sizeof(%1$s));
                }

                static inline void pa_ck_get_%2$sa(pa_tape *t, void *p, long n)
                {
                    pa_ck_get(t, p, (size_t) n * sizeof(%1$s));
                }
                """.formatted(type, suffix);
    }

    /** A call of the runtime on the checkpoint variable {@code ck}, then {@code args}. */
    static Call call(String name, Variable ck, Expr... args) {
        List<Expr> all = new ArrayList<>();
        all.add(new VarRef(ck));
        all.addAll(List.of(args));
        return Call.runtime(name, all);
    }

    static Stmt stmt(String name, Variable ck, Expr... args) {
        return new CallStmt(call(name, ck, args));
    }

    /** The suffix of the copies of {@code v}'s element type. */
    private static String suffix(Variable v) {
        return switch (v.type()) {
            case DOUBLE -> "d";
            case FLOAT -> "f";
            case LONG -> "l";
            default -> "i";
        };
    }

    /** Appends {@code v} (a scalar, or an array of {@code count} elements) to the top snapshot. */
    static Stmt save(Variable ck, Variable v, Expr count) {
        return v.isArray() ? stmt("pa_ck_put_" + suffix(v) + "a", ck, new VarRef(v), count)
                : stmt("pa_ck_put_" + suffix(v), ck, new VarRef(v));
    }

    /** Reads {@code v} back from the top snapshot, in the order {@link #save} wrote. */
    static Stmt load(Variable ck, Variable v, Expr count) {
        if (v.isArray()) {
            return stmt("pa_ck_get_" + suffix(v) + "a", ck, new VarRef(v), count);
        }
        LValue target = new VarRef(v);
        return Assign.set(target, call("pa_ck_get_" + suffix(v), ck));
    }
}
