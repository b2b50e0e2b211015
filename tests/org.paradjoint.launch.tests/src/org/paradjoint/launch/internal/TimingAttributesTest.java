package org.paradjoint.launch.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.pipeline.timing.TimingConfig;

class TimingAttributesTest {

    @Test
    void attributesBecomeAnExperiment() {
        Map<String, Object> attrs = Map.of(TimingAttributes.SOURCE, "${workspace_loc:/p/k.c}",
                TimingAttributes.KERNEL, " stencil1d ", TimingAttributes.SIZES, "1000, 10000",
                TimingAttributes.THREADS, "1 2 4", TimingAttributes.VARIANTS, List.of("primal", "adjoint"),
                TimingAttributes.REPETITIONS, 3, TimingAttributes.FLAGS, "-O3  -march=native",
                TimingAttributes.FIXED, "m=8", TimingAttributes.ENVIRONMENT, "OMP_PROC_BIND=close",
                TimingAttributes.RANKS, "1, 2");
        TimingConfig c = TimingAttributes.toConfig(attrs, s -> s.replace("${workspace_loc:/p/k.c}", "/tmp/w/k.c"));
        assertEquals(Path.of("/tmp/w/k.c"), c.source());
        assertEquals("stencil1d", c.kernel());
        assertEquals(List.of(1000L, 10000L), c.sizes());
        assertEquals(List.of(1, 2, 4), c.threads());
        assertEquals(List.of(1, 2), c.ranks());
        assertEquals(List.of("primal", "adjoint"), c.variants());
        assertEquals(3, c.repetitions());
        assertEquals(List.of("-O3", "-march=native"), c.flags());
        assertEquals(Map.of("m", 8L), c.fixed());
        assertEquals(Path.of("/tmp/w/k_timing.csv"), c.csv());
        assertEquals(Map.of("OMP_PROC_BIND", "close"), c.environment());
        TimingConfig defaults = TimingAttributes.toConfig(Map.of(TimingAttributes.SOURCE, "/k.c",
                TimingAttributes.KERNEL, "k", TimingAttributes.SIZES, "10"), s -> s);
        assertEquals(TimingConfig.DEFAULT_ENVIRONMENT, defaults.environment());
        assertEquals(List.of(), defaults.ranks());
    }

    @Test
    void fortranCompilerDefaultsToGfortran() {
        Map<String, Object> attrs = Map.of(TimingAttributes.SOURCE, "/k.f90", TimingAttributes.KERNEL, "k",
                TimingAttributes.SIZES, "10");
        TimingConfig c = TimingAttributes.toConfig(attrs, s -> s);
        assertEquals("gfortran", c.fortranCompiler());
        assertEquals("gcc", c.compiler());
        Map<String, Object> chosen = new java.util.HashMap<>(attrs);
        chosen.put(TimingAttributes.FORTRAN_COMPILER, "gfortran-14");
        assertEquals("gfortran-14", TimingAttributes.toConfig(chosen, s -> s).fortranCompiler());
    }

    @Test
    void missingPiecesAreReported() {
        assertThrows(IllegalArgumentException.class, () -> TimingAttributes.toConfig(Map.of(), s -> s));
        assertThrows(IllegalArgumentException.class, () -> TimingAttributes.toConfig(
                Map.of(TimingAttributes.SOURCE, "/tmp/k.c", TimingAttributes.KERNEL, "k", TimingAttributes.SIZES,
                        "ten"), s -> s));
    }
}
