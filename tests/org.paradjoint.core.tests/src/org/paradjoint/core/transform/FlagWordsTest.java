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
 * The blocks of branch directions on the tape's int stack ({@link Runtime}, {@link BranchRecords}):
 * 64 directions to a word, each block's words 8-byte aligned whatever the int stack held before
 * it, and the ints below a block popped back intact after its release, also when blocks are
 * reserved on top of one another. The bit-walking helpers visit exactly the bits that hold a
 * direction, from the highest down, at every word length from 1 to 64. The runtime's C text is
 * compiled strictly (undefined-behaviour sanitizer included) into a driver.
 */
class FlagWordsTest {

    private static final String DRIVER = """
            #include <stdio.h>
            #include <stdlib.h>
            %s
            int main(void)
            {
                pa_tape t[1];
                long bad = 0, misaligned = 0, k, w, nbits;
                pa_tape_init(t);
                for (int ints = 0; ints < 5; ints++) {
                    for (k = 0; k < ints; k++) {
                        pa_push_i(t, 100 + (int) k);
                    }
                    long outer = pa_reserve_flags(t, 3);
                    pa_push_i(t, -7);
                    long inner = pa_reserve_flags(t, 2);
                    misaligned += ((unsigned long) (t->i + outer) %% 8) != 0;
                    misaligned += ((unsigned long) (t->i + inner) %% 8) != 0;
                    for (k = 0; k < 3 * 64; k++) {
                        pa_put_flag(t, outer, k, k %% 3 == 0);
                    }
                    for (w = 0; w < 2; w++) {
                        pa_flags word = 0;
                        for (k = 0; k < 64; k++) {
                            word = pa_with_flag(word, k, (k + w) %% 5 == 0);
                        }
                        pa_put_flag_word(t, inner, w, word);
                    }
                    bad += pa_release_flags(t, 2) != inner;
                    for (w = 0; w < 2; w++) {
                        for (k = 0; k < 64; k++) {
                            bad += pa_flag_of(pa_get_flag_word(t, inner, w), k) != ((k + w) %% 5 == 0);
                        }
                    }
                    bad += pa_pop_i(t) != -7;
                    bad += pa_release_flags(t, 3) != outer;
                    for (k = 0; k < 3 * 64; k++) {
                        bad += pa_get_flag(t, outer, k) != (k %% 3 == 0);
                    }
                    for (k = ints - 1; k >= 0; k--) {
                        bad += pa_pop_i(t) != 100 + (int) k;
                    }
                    bad += t->ni != 0;
                }
                /* the walk over the bits holding v, as the reverse sweep goes: highest first */
                pa_flags word = 0x8000000000000001ULL | 0x0123456789abcdefULL;
                for (nbits = 1; nbits <= 64; nbits++) {
                    for (int v = 0; v <= 1; v++) {
                        long expect = nbits - 1, visited = 0;
                        pa_flags bits = pa_bits_with(word, nbits, v);
                        for (long b = pa_highest_bit(bits); b >= 0; b += pa_step_below(bits, b)) {
                            while (expect >= 0 && (long) pa_flag_of(word, expect) != v) {
                                expect--;
                            }
                            bad += b != expect;
                            expect--;
                            visited++;
                        }
                        long count = 0;
                        for (k = 0; k < nbits; k++) {
                            count += (long) pa_flag_of(word, k) == v;
                        }
                        bad += visited != count;
                        /* the same walk taking each bit from the word (C's form of the loop) */
                        expect = nbits - 1;
                        visited = 0;
                        while (bits != 0ULL) {
                            long b = pa_take_highest_bit(&bits);
                            while (expect >= 0 && (long) pa_flag_of(word, expect) != v) {
                                expect--;
                            }
                            bad += b != expect;
                            expect--;
                            visited++;
                        }
                        bad += visited != count;
                    }
                }
                pa_tape_free(t);
                printf("bad %%ld misaligned %%ld\\n", bad, misaligned);
                return 0;
            }
            """;

    @Test
    void blocksOfDirectionsAreAlignedWordsAndLeaveTheIntsBelowThemIntact() {
        Path dir = ScratchDir.deletedAtExit("pa-flags");
        Path main = ScratchDir.write(dir, "main.c", DRIVER.formatted(Runtime.C_SOURCE));
        Path exe = Gcc.build(dir, "flags", List.of(main), "-O2", "-fsanitize=undefined",
                "-fno-sanitize-recover=undefined");
        Processes.Result r = Gcc.run(exe, Map.of(), 60);
        assertTrue(r.ok(), r.output());
        assertEquals("bad 0 misaligned 0", r.output().strip());
    }
}
