package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class WorkersTest {

    @Test
    void resultsComeInInputOrderWhateverThreadComputedThem() {
        List<Integer> items = IntStream.range(0, 200).boxed().toList();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        List<Integer> squares = Workers.map(items, i -> {
            threads.add(Thread.currentThread().getName());
            return i * i;
        });
        assertEquals(items.stream().map(i -> i * i).toList(), squares);
        assertTrue(threads.size() <= Math.min(Workers.MAX_THREADS, Math.max(1, Runtime.getRuntime().availableProcessors())),
                threads.toString());
    }

    @Test
    void theFirstFailureInInputOrderIsRethrownAsItWas() {
        IllegalStateException first = new IllegalStateException("item 3");
        RuntimeException thrown = assertThrows(IllegalStateException.class, () -> Workers.map(List.of(0, 1, 2, 3, 4, 5),
                i -> {
                    if (i == 3) {
                        throw first;
                    }
                    if (i == 5) {
                        throw new IllegalArgumentException("item 5");
                    }
                    return i;
                }));
        assertSame(first, thrown);
        assertThrows(StackOverflowError.class, () -> Workers.map(List.of(1, 2), i -> {
            throw new StackOverflowError("deep");
        }));
    }

    @Test
    void everyWorkerHasADeepStack() {
        // 200,000 frames overflow a default thread stack; the command's work must not
        List<Integer> depths = Workers.map(List.of(200_000, 200_000, 200_000), WorkersTest::depth);
        assertEquals(List.of(200_000, 200_000, 200_000), depths);
    }

    private static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }
}
