package org.paradjoint.fortran.internal;

import java.util.List;


/**
 * OpenMP lock routines in Fortran, read as the C front-end reads them: {@code call
 * omp_set_lock(l)} ... {@code call omp_unset_lock(l)} in the body of a parallel or worksharing
 * loop is a critical section, and what it protects must be increments {@code x = x + e}, which
 * become atomic increments (a shared scalar's become a sum reduction of the loop, as for {@code
 * !$omp critical}): for increments the order in which threads acquire the lock cannot be
 * observed. The lock itself ({@code integer(omp_lock_kind) :: l}, {@code omp_init_lock}, {@code
 * omp_destroy_lock}) then protects nothing the derivative code needs and is left out of it: its
 * name is a {@link Scope.Lock}, never a variable of the IR. This class only recognises lines; {@link
 * ExecutionPart} reads the statements between the calls, {@link ProtectedIncrements} what they may be.
 */
final class LockRoutines {
    static final String SET = "omp_set_lock";
    static final String UNSET = "omp_unset_lock";
    private static final List<String> LIFETIME = List.of("omp_init_lock", "omp_destroy_lock");
    private static final String KIND = "omp_lock_kind";

    /** A call of a lock routine: the routine and the lock it names. */
    record Call(String routine, String lock) {
        boolean sets() {
            return routine.equals(SET);
        }

        boolean releases(String held) {
            return routine.equals(UNSET) && lock.equals(held);
        }

        boolean managesLifetime() {
            return LIFETIME.contains(routine);
        }
    }

    private LockRoutines() {
    }

    /** {@code call omp_xxx_lock(l)} with {@code l} a lock of {@code scope}; null for any other line. */
    static Call call(LogicalLine l, Classifier.Line cls, Scope scope) {
        if (cls.kind() != Classifier.Kind.CALL) {
            return null;
        }
        List<Token> t = l.tokens();
        int at = cls.at();
        if (t.size() != at + 5 || !t.get(at + 1).isName() || !t.get(at + 2).isOp("(") || !t.get(at + 3).isName()
                || !t.get(at + 4).isOp(")")) {
            return null;
        }
        String routine = t.get(at + 1).text();
        String lock = t.get(at + 3).text();
        boolean known = routine.equals(SET) || routine.equals(UNSET) || LIFETIME.contains(routine);
        return known && scope.lookup(lock) instanceof Scope.Lock ? new Call(routine, lock) : null;
    }

    /**
     * At the type of a declaration: true when it is {@code integer(omp_lock_kind)} (or {@code
     * integer(kind=omp_lock_kind)}), which is then consumed.
     */
    static boolean acceptLockType(Cursor c) {
        if (!c.peekName("integer") || c.peek(1) == null || !c.peek(1).isOp("(")) {
            return false;
        }
        int k = 2;
        if (c.peek(2) != null && c.peek(2).isName("kind") && c.peek(3) != null && c.peek(3).isOp("=")) {
            k = 4;
        }
        if (c.peek(k) == null || !c.peek(k).isName(KIND) || c.peek(k + 1) == null || !c.peek(k + 1).isOp(")")) {
            return false;
        }
        for (int i = 0; i <= k + 1; i++) {
            c.next();
        }
        return true;
    }
}
