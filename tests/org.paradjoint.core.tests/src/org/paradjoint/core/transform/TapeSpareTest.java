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
 * The tape's blocks are kept for the next tape of the file ({@link Runtime}): a second tape starts
 * with the first one's blocks and capacity and reads back what it pushes; two tapes alive at once
 * never share a block (the second finds no spare); a tape larger than {@code PA_SPARE_LIMIT} is
 * freed, not kept. The runtime's own C text is compiled strictly into a driver.
 */
class TapeSpareTest {

    private static final String DRIVER = """
            #include <stdio.h>
            #include <stdlib.h>
            %s
            int main(void)
            {
                pa_tape a[1], b[1], c[1];
                long k, bad = 0;
                double *first;
                pa_tape_init(a);
                for (k = 0; k < 1000; k++) {
                    pa_push_d(a, (double) k);
                    pa_push_i(a, (int) k);
                }
                first = a->d;
                pa_tape_free(a);
                /* kept: the next tape starts with the same block, empty, and works as a stack */
                pa_tape_init(b);
                pa_tape_init(c);
                printf("reused %%d capacity %%ld %%ld empty %%ld %%ld second %%d\\n", b->d == first, b->capd, b->capi,
                       b->nd, b->ni, c->d == NULL && c->capd == 0);
                for (k = 0; k < 3000; k++) {
                    pa_push_d(b, 0.5 * (double) k);
                    pa_push_d(c, -(double) k);
                }
                for (k = 2999; k >= 0; k--) {
                    bad += pa_pop_d(b) != 0.5 * (double) k;
                    bad += pa_pop_d(c) != -(double) k;
                }
                pa_tape_free(c);
                pa_tape_free(b);
                pa_tape_init(a);
                printf("kept %%d bad %%ld\\n", a->capd > 0, bad);
                pa_tape_free(a);
                return 0;
            }
            """;

    private static String run(String... flags) {
        Path dir = ScratchDir.deletedAtExit("pa-spare");
        Path main = ScratchDir.write(dir, "main.c", DRIVER.formatted(Runtime.C_SOURCE));
        Path exe = Gcc.build(dir, "spare", List.of(main), flags);
        Processes.Result r = Gcc.run(exe, Map.of(), 60);
        assertTrue(r.ok(), r.output());
        return r.output().strip();
    }

    @Test
    void aFreedTapesBlocksStartTheNextTape() {
        assertEquals("reused 1 capacity 1024 1024 empty 0 0 second 1\nkept 1 bad 0", run("-O1"));
    }

    @Test
    void aTapeOverTheLimitIsFreed() {
        assertEquals("reused 0 capacity 0 0 empty 0 0 second 1\nkept 0 bad 0", run("-O1", "-DPA_SPARE_LIMIT=0"));
    }
}
