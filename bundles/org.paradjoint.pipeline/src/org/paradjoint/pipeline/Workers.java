package org.paradjoint.pipeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs the independent pieces of one command (the functions of a file) on the machine's cores,
 * results in input order. Every thread has a deep stack: the parser, the transformations and the
 * printers follow expressions recursively, and a 100,000-term sum or 10,000 nested parentheses
 * need more than a thread's default.
 */
public final class Workers {

    /** The stack of every thread that runs a command's work: address space reserved, not memory used. */
    public static final long STACK_BYTES = 1L << 30;

    /**
     * At most this many threads, however many cores: each differentiation may hold a prover
     * context and its own copies of the IR, so memory grows with the threads, not only the time
     * shrinks.
     */
    static final int MAX_THREADS = 8;

    private Workers() {
    }

    /**
     * {@code work} applied to each of {@code items}, on up to as many threads as there are
     * processors (at most {@value #MAX_THREADS}), each with a deep stack; the calling thread
     * waits. The first failure in input order is rethrown as it was (an {@link Error} stays an
     * error), after every thread has stopped.
     */
    public static <T, R> List<R> map(List<T> items, Function<T, R> work) {
        if (items.isEmpty()) {
            return List.of();
        }
        int cores = Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
        int threads = Math.max(1, Math.min(items.size(), cores));
        List<R> results = new ArrayList<>(items.size());
        Throwable[] failures = new Throwable[items.size()];
        for (int i = 0; i < items.size(); i++) {
            results.add(null);
        }
        AtomicInteger next = new AtomicInteger();
        Runnable loop = () -> {
            for (int i = next.getAndIncrement(); i < items.size(); i = next.getAndIncrement()) {
                try {
                    results.set(i, work.apply(items.get(i)));
                } catch (Throwable t) { // handed to the caller thread, which rethrows it
                    failures[i] = t;
                }
            }
        };
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) { // the caller's stack may be shallow: it only waits
            Thread worker = new Thread(null, loop, "paradjoint-worker-" + t, STACK_BYTES);
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
        joinAll(workers);
        for (Throwable t : failures) {
            if (t instanceof Error e) {
                throw e;
            }
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t != null) {
                throw new IllegalStateException(t);
            }
        }
        return Collections.unmodifiableList(results);
    }

    private static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the workers finish their items; the interrupt is kept
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
