package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.diag.SourceRange;

/**
 * The tape runtime of generated adjoint code: typed stacks (double and int) that grow by
 * {@code realloc} and abort with a message when memory runs out, their blocks kept for the next
 * tape of the same file (a repeated call of an adjoint does not allocate and fault its tape anew). Emitted into every generated
 * file that needs it, guarded by {@code PARADJOINT_RUNTIME_H} so that several generated files
 * can be included into one driver; all helpers are {@code static inline} so that unused ones do
 * not warn. A tape variable is declared {@code pa_tape t[1]}, so that {@code t} is the pointer
 * the helpers take.
 */
public final class Runtime {

    public static final String INIT = "pa_tape_init";
    public static final String FREE = "pa_tape_free";
    public static final String PUSH_D = "pa_push_d";
    public static final String POP_D = "pa_pop_d";
    public static final String PUSH_I = "pa_push_i";
    public static final String POP_I = "pa_pop_i";
    /** A block of doubles on the tape that a parallel loop fills and empties (whole arrays). */
    public static final String RESERVE_D = "pa_reserve_d";
    public static final String PUT_D = "pa_put_d";
    public static final String RELEASE_D = "pa_release_d";
    public static final String GET_D = "pa_get_d";
    /**
     * A block of branch directions (one bit each, in the int stack's words) that a parallel loop's
     * forward run fills and its adjoint reads ({@link BranchRecords}).
     */
    public static final String RESERVE_FLAGS = "pa_reserve_flags";
    public static final String PUT_FLAG = "pa_put_flag";
    public static final String RELEASE_FLAGS = "pa_release_flags";
    public static final String GET_FLAG = "pa_get_flag";
    /** A whole word of branch directions at once, for a loop whose iterations take one bit each. */
    public static final String PUT_FLAG_WORD = "pa_put_flag_word";
    public static final String GET_FLAG_WORD = "pa_get_flag_word";
    public static final String WITH_FLAG = "pa_with_flag";
    public static final String FLAG_OF = "pa_flag_of";
    /** The bits of a word that hold a direction, visited from the highest down (a loop's start and step). */
    public static final String BITS_WITH = "pa_bits_with";
    public static final String HIGHEST_BIT = "pa_highest_bit";
    public static final String STEP_BELOW = "pa_step_below";
    /** The same walk as C prints it ({@link org.paradjoint.core.ir.LoopHint.SetBits}): each visit takes its bit from the word. */
    public static final String TAKE_HIGHEST_BIT = "pa_take_highest_bit";
    /** Allocate and release a {@link Variable.Kind#HEAP_LOCAL} array (the printer declares and frees it). */
    public static final String ZEROS = "pa_heap_zeros";
    public static final String RELEASE = "pa_heap_free";

    /**
     * The C text (needs {@code <stdio.h>} and {@code <stdlib.h>}). The calls this class makes are
     * {@link org.paradjoint.core.ir.CalleeKind#RUNTIME}: a file that makes them includes this text
     * and needs no prototype.
     */
    public static final String C_SOURCE = """
            #ifndef PARADJOINT_RUNTIME_H
            #define PARADJOINT_RUNTIME_H
            /* Paradjoint tape: typed stacks of the values the reverse sweep needs. */
            typedef struct {
                double *d;
                long nd, capd;
                int *i;
                long ni, capi;
                void *rv; /* the schedule and snapshots of a checkpointed loop, or NULL */
                void (*release_rv)(void *); /* how to free rv */
            } pa_tape;

            static inline void pa_tape_clear(pa_tape *t)
            {
                t->d = NULL;
                t->nd = 0;
                t->capd = 0;
                t->i = NULL;
                t->ni = 0;
                t->capi = 0;
                t->rv = NULL;
                t->release_rv = NULL;
            }

            /* The blocks of the last tape freed, kept for the next one (up to PA_SPARE_LIMIT bytes): an
               adjoint called again, as in an optimisation loop, finds its tape's memory allocated and
               mapped already instead of growing it anew, as a Tapenade stack keeps its blocks. One
               spare per file, taken and given back atomically: tapes of concurrent calls or threads
               never share a block. */
            #ifndef PA_SPARE_LIMIT
            #define PA_SPARE_LIMIT (1L << 30)
            #endif
            static pa_tape *pa_spare = NULL;

            static inline void pa_tape_init(pa_tape *t)
            {
                pa_tape *s = (pa_tape *) __atomic_exchange_n(&pa_spare, (pa_tape *) NULL, __ATOMIC_ACQ_REL);
                pa_tape_clear(t);
                if (s != NULL) {
                    t->d = s->d;
                    t->capd = s->capd;
                    t->i = s->i;
                    t->capi = s->capi;
                    free(s);
                }
            }

            static inline void pa_tape_free(pa_tape *t)
            {
                pa_tape *s = NULL;
                if (t->release_rv != NULL) {
                    t->release_rv(t->rv);
                }
                if ((double) t->capd * sizeof(double) + (double) t->capi * sizeof(int) <= (double) PA_SPARE_LIMIT) {
                    s = (pa_tape *) malloc(sizeof(pa_tape));
                }
                if (s != NULL) {
                    pa_tape_clear(s);
                    s->d = t->d;
                    s->capd = t->capd;
                    s->i = t->i;
                    s->capi = t->capi;
                    s = (pa_tape *) __atomic_exchange_n(&pa_spare, s, __ATOMIC_ACQ_REL);
                } else {
                    s = t;
                }
                if (s != NULL) {
                    free(s->d);
                    free(s->i);
                    if (s != t) {
                        free(s);
                    }
                }
                pa_tape_clear(t);
            }

            static inline void pa_tape_oom(void)
            {
                fprintf(stderr, "paradjoint: out of memory for the tape\\n");
                abort();
            }

            /* A zero-filled array of count elements of size bytes, kept on the heap (a local adjoint as
               large as an argument would not fit on the stack); released with pa_heap_free. */
            static inline void *pa_heap_zeros(long count, size_t size)
            {
                void *p = calloc(count > 0 ? (size_t) count : 1, size);
                if (p == NULL) {
                    fprintf(stderr, "paradjoint: out of memory for %ld adjoint values\\n", count);
                    abort();
                }
                return p;
            }

            static inline void pa_heap_free(void *p)
            {
                free(p);
            }
            """ + stack("double", "d") + stack("int", "i") + """

            /* A block of count doubles for a parallel loop to fill (pa_put_d at distinct places from base). */
            static inline long pa_reserve_d(pa_tape *t, long count)
            {
                if (t->nd + count > t->capd) {
                    long cap = t->capd > 0 ? 2 * t->capd : 64;
                    while (cap < t->nd + count) {
                        cap *= 2;
                    }
                    double *p = (double *) realloc(t->d, (size_t) cap * sizeof(double));
                    if (p == NULL) {
                        pa_tape_oom();
                    }
                    t->d = p;
                    t->capd = cap;
                }
                long base = t->nd;
                t->nd += count;
                return base;
            }

            static inline void pa_put_d(pa_tape *t, long at, double v)
            {
                t->d[at] = v;
            }

            /* The last reserved block, given back: where it starts (read with pa_get_d before the next push). */
            static inline long pa_release_d(pa_tape *t, long count)
            {
                t->nd -= count;
                return t->nd;
            }

            static inline double pa_get_d(pa_tape *t, long at)
            {
                return t->d[at];
            }

            /* A word of 64 branch directions. 64 to a word rather than 32: a loop that records a
               bit per iteration fills and stores, or loads and walks, half as many words. */
            typedef unsigned long long pa_flags;

            /* A block of count words of branch directions on the int stack, two ints to a word, the
               words aligned to 8 bytes: one int more is taken, and the block starts at the first
               even int after the stack's top, so that its release finds the start again. A parallel
               loop gives each iteration whole words, so that no two iterations write one word. */
            static inline long pa_reserve_flags(pa_tape *t, long count)
            {
                long need = 2 * count + 1;
                if (t->ni + need > t->capi) {
                    long cap = t->capi > 0 ? 2 * t->capi : 64;
                    while (cap < t->ni + need) {
                        cap *= 2;
                    }
                    int *p = (int *) realloc(t->i, (size_t) cap * sizeof(int));
                    if (p == NULL) {
                        pa_tape_oom();
                    }
                    t->i = p;
                    t->capi = cap;
                }
                long base = (t->ni + 1) & ~1L;
                t->ni += need;
                return base;
            }

            /* The words of the block from base (an even place of the int stack). */
            static inline pa_flags *pa_flag_words(pa_tape *t, long base)
            {
                return (pa_flags *) (void *) (t->i + base);
            }

            /* Records direction v (true or false) at bit at of the block from base, and gives v back. */
            static inline int pa_put_flag(pa_tape *t, long base, long at, int v)
            {
                pa_flags *w = pa_flag_words(t, base) + (at >> 6);
                pa_flags bit = 1ULL << (at & 63);
                *w = v ? *w | bit : *w & ~bit;
                return v;
            }

            static inline long pa_release_flags(pa_tape *t, long count)
            {
                t->ni -= 2 * count + 1;
                return (t->ni + 1) & ~1L;
            }

            static inline int pa_get_flag(pa_tape *t, long base, long at)
            {
                return (int) ((pa_flag_words(t, base)[at >> 6] >> (at & 63)) & 1ULL);
            }

            /* Word at of the block from base, written or read whole (a loop keeps it in a register). */
            static inline void pa_put_flag_word(pa_tape *t, long base, long at, pa_flags word)
            {
                pa_flag_words(t, base)[at] = word;
            }

            static inline pa_flags pa_get_flag_word(pa_tape *t, long base, long at)
            {
                return pa_flag_words(t, base)[at];
            }

            /* word with direction v recorded at bit (below 64). */
            static inline pa_flags pa_with_flag(pa_flags word, long bit, int v)
            {
                return word | (pa_flags) (v != 0) << bit;
            }

            static inline int pa_flag_of(pa_flags word, long bit)
            {
                return (int) ((word >> bit) & 1ULL);
            }

            /* The highest set bit of m, or -1 when there is none. */
            static inline long pa_highest_bit(pa_flags m)
            {
            #if defined(__GNUC__)
                return m != 0ULL ? 63L - __builtin_clzll(m) : -1L;
            #else
                long b = -1;
                while (m != 0ULL) {
                    m >>= 1;
                    b++;
                }
                return b;
            #endif
            }

            /* The nbits low bits of word (all 64 when nbits is 64 or more) that hold direction v, set;
               the others clear: what a loop over the bits that hold v walks. */
            static inline pa_flags pa_bits_with(pa_flags word, long nbits, int v)
            {
                pa_flags mask = nbits >= 64 ? ~0ULL : (1ULL << nbits) - 1ULL;
                return (v ? word : ~word) & mask;
            }

            /* The step from bit (below 64) to the next lower set bit of bits: negative, and -(bit + 1)
               when there is none (the loop then ends below bit 0). */
            static inline long pa_step_below(pa_flags bits, long bit)
            {
                return pa_highest_bit(bits & ((1ULL << bit) - 1ULL)) - bit;
            }

            /* The highest set bit of *m (m not 0), cleared in *m: a walk over the set bits that
               ends when the word is 0. */
            static inline long pa_take_highest_bit(pa_flags *m)
            {
                long b = pa_highest_bit(*m);
                *m ^= 1ULL << b;
                return b;
            }
            #endif /* PARADJOINT_RUNTIME_H */
            """;

    /**
     * The environment variable in which a run gives the tape budget of the loops checkpointed by
     * default (bytes, optionally K, M or G): the name {@link CheckpointRuntime}'s C text reads.
     */
    public static final String TAPE_BUDGET_VARIABLE = "PARADJOINT_TAPE_BUDGET";

    /** The checkpointing runtime, after {@link #C_SOURCE} in a file that checkpoints a loop. */
    public static final String CHECKPOINT_SOURCE = CheckpointRuntime.C_SOURCE;

    /** True for a call of the checkpointing runtime. */
    public static boolean isCheckpointCall(Call c) {
        return CheckpointRuntime.isCall(c.name());
    }

    private Runtime() {
    }

    /** The push and pop helpers of the stack of C type {@code type} in the tape's fields {@code d}/{@code i}. */
    private static String stack(String type, String field) {
        return """

                static inline void pa_push_%2$s(pa_tape *t, %1$s v)
                {
                    if (t->n%2$s == t->cap%2$s) {
                        long cap = t->cap%2$s > 0 ? 2 * t->cap%2$s : 64;
                        %1$s *p = (%1$s *) realloc(t->%2$s, (size_t) cap * sizeof(%1$s));
                        if (p == NULL) {
                            pa_tape_oom();
                        }
                        t->%2$s = p;
                        t->cap%2$s = cap;
                    }
                    t->%2$s[t->n%2$s++] = v;
                }

                static inline %1$s pa_pop_%2$s(pa_tape *t)
                {
                    return t->%2$s[--t->n%2$s];
                }
                """.formatted(type, field);
    }

    /** A tape variable {@code pa_tape name[1]}. */
    public static Variable tapeVariable(String name) {
        return new Variable(name, BaseType.TAPE, List.of(Dim.c(new IntLit(1))), Variable.Kind.LOCAL, false,
                Layout.ROW_MAJOR, SourceRange.NONE);
    }

    public static Stmt init(Variable tape) {
        return new CallStmt(Call.runtime(INIT, List.of(new VarRef(tape))));
    }

    public static Stmt free(Variable tape) {
        return new CallStmt(Call.runtime(FREE, List.of(new VarRef(tape))));
    }

    public static Stmt declare(Variable tape) {
        return new Decl(tape, null);
    }

    /** Pushes the value of {@code value} (floating or integer, as {@code floating} says). */
    public static Stmt push(Variable tape, Expr value, boolean floating) {
        return new CallStmt(Call.runtime(floating ? PUSH_D : PUSH_I, List.of(new VarRef(tape), value)));
    }

    /** {@code target = pop(tape)}. */
    public static Stmt pop(Variable tape, LValue target, boolean floating) {
        return Assign.set(target, Call.runtime(floating ? POP_D : POP_I, List.of(new VarRef(tape))));
    }

    /** {@code base = pa_reserve_d(tape, count)}. */
    public static Stmt reserve(Variable tape, Variable base, Expr count) {
        return Assign.set(new VarRef(base), Call.runtime(RESERVE_D, List.of(new VarRef(tape), count)));
    }

    /** {@code pa_put_d(tape, at, value)}. */
    public static Stmt put(Variable tape, Expr at, Expr value) {
        return new CallStmt(Call.runtime(PUT_D, List.of(new VarRef(tape), at, value)));
    }

    /** {@code base = pa_release_d(tape, count)}. */
    public static Stmt release(Variable tape, Variable base, Expr count) {
        return Assign.set(new VarRef(base), Call.runtime(RELEASE_D, List.of(new VarRef(tape), count)));
    }

    /** {@code target = pa_get_d(tape, at)}. */
    public static Stmt get(Variable tape, LValue target, Expr at) {
        return Assign.set(target, getValue(tape, at));
    }

    /** {@code pa_pop_d(tape)}, as a value. */
    public static Call popValue(Variable tape) {
        return Call.runtime(POP_D, List.of(new VarRef(tape)));
    }

    /** {@code pa_get_d(tape, at)}, as a value. */
    public static Call getValue(Variable tape, Expr at) {
        return Call.runtime(GET_D, List.of(new VarRef(tape), at));
    }

    /** {@code base = pa_reserve_flags(tape, words)}. */
    public static Stmt reserveFlags(Variable tape, Variable base, Expr words) {
        return Assign.set(new VarRef(base), Call.runtime(RESERVE_FLAGS, List.of(new VarRef(tape), words)));
    }

    /** {@code pa_put_flag(tape, base, at, direction)}: records the direction and has its value. */
    public static Call putFlag(Variable tape, Variable base, Expr at, Expr direction) {
        return Call.runtime(PUT_FLAG, List.of(new VarRef(tape), new VarRef(base), at, direction));
    }

    /** {@code base = pa_release_flags(tape, words)}. */
    public static Stmt releaseFlags(Variable tape, Variable base, Expr words) {
        return Assign.set(new VarRef(base), Call.runtime(RELEASE_FLAGS, List.of(new VarRef(tape), words)));
    }

    /** {@code pa_get_flag(tape, base, at)}: the direction recorded at bit {@code at}. */
    public static Call getFlag(Variable tape, Variable base, Expr at) {
        return Call.runtime(GET_FLAG, List.of(new VarRef(tape), new VarRef(base), at));
    }

    /** {@code pa_put_flag_word(tape, base, at, word)}. */
    public static Stmt putFlagWord(Variable tape, Variable base, Expr at, Expr word) {
        return new CallStmt(Call.runtime(PUT_FLAG_WORD, List.of(new VarRef(tape), new VarRef(base), at, word)));
    }

    /** {@code pa_get_flag_word(tape, base, at)}. */
    public static Call getFlagWord(Variable tape, Variable base, Expr at) {
        return Call.runtime(GET_FLAG_WORD, List.of(new VarRef(tape), new VarRef(base), at));
    }

    /** {@code pa_with_flag(word, bit, direction)}: the word with the direction set at the bit. */
    public static Call withFlag(Expr word, Expr bit, Expr direction) {
        return Call.runtime(WITH_FLAG, List.of(word, bit, direction));
    }

    /** {@code pa_flag_of(word, bit)}. */
    public static Call flagOf(Expr word, Expr bit) {
        return Call.runtime(FLAG_OF, List.of(word, bit));
    }

    /** {@code pa_bits_with(word, nbits, direction)}: the word's nbits low bits that hold the direction, set. */
    public static Call bitsWith(Expr word, Expr nbits, Expr direction) {
        return Call.runtime(BITS_WITH, List.of(word, nbits, direction));
    }

    /** {@code pa_highest_bit(bits)}: the highest set bit, or -1. */
    public static Call highestBit(Expr bits) {
        return Call.runtime(HIGHEST_BIT, List.of(bits));
    }

    /** {@code pa_step_below(bits, bit)}: the step from bit to the next lower set bit (below -bit when none). */
    public static Call stepBelow(Expr bits, Expr bit) {
        return Call.runtime(STEP_BELOW, List.of(bits, bit));
    }

    /** True for a {@link #getFlag} call. */
    public static boolean isFlagRead(Expr e) {
        return e instanceof Call c && c.isRuntime() && c.name().equals(GET_FLAG);
    }

    /** Pops an int and discards it. */
    public static Call popInt(Variable tape) {
        return Call.runtime(POP_I, List.of(new VarRef(tape)));
    }
}
