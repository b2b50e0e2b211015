package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.cdt.KokkosFrontEnd;
import org.paradjoint.cdt.check.KokkosExtents;
import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.pipeline.KokkosInstallation;
import org.paradjoint.pipeline.timing.Variants.Variant;

/**
 * Kokkos C++ kernels: a C++ driver built with the variant against the Kokkos of
 * {@link KokkosInstallation}, whose default execution space runs the kernels (OpenMP threads
 * follow {@code OMP_NUM_THREADS}; on the Serial backend every thread count runs one thread, and
 * the driver's {@code pa_threads} line says so). Timed: the primal, the proven adjoint
 * ({@code adjoint}: {@code atomic_add} where no proof exists), the all-atomic adjoint, the adjoint
 * stencil and the tangent where they apply.
 */
public final class KokkosTiming implements TimingToolchain {

    @Override
    public TranslationUnit parse(TimingConfig config, String text) throws TimingException {
        ParseResult r = new KokkosFrontEnd().parse(config.source().toString(), text);
        if (r.hasErrors()) {
            throw new TimingException(TimingRunner.format(r.diagnostics()));
        }
        return r.unit();
    }

    @Override
    public String notTimed(Variant v) {
        if (Variants.ADJOINT_REDUCTION.equals(v.id())) {
            return "Kokkos kernels take no OpenMP reduction clauses; the proven adjoint already sums scalars "
                    + "with parallel_reduce";
        }
        if (Variants.SPARSE_GRADIENT.equals(v.id())) {
            return "partially separable gradients are generated for C and Fortran";
        }
        return null;
    }

    @Override
    public int firstIndex() {
        return 0;
    }

    @Override
    public Map<Variable, ArrayExtents.Shape> shapes(Function kernel, Map<String, Long> ints, Map<String, Long> fixed) {
        KokkosExtents.Result r = KokkosExtents.of(kernel, ints, fixed, IndexRanges.EmptyLoops.FIRST_VALUE);
        if (!r.complete()) {
            throw new IllegalArgumentException("cannot bound the indices of '" + r.unsized().name() + "' in '"
                    + kernel.name() + "'" + (r.unsized().rank() == 1 ? ": give its length explicitly (e.g. "
                    + r.unsized().name() + "=n+8)" : ""));
        }
        Map<Variable, ArrayExtents.Shape> out = new LinkedHashMap<>();
        r.extents().forEach((v, e) -> out.put(v, new ArrayExtents.Shape(e.stream().map(x -> 0L).toList(), e)));
        return out;
    }

    @Override
    public String driverSource(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description) {
        return KokkosTimingDriver.source(kernel, signature, ints, shapes, repetitions, description);
    }

    @Override
    public List<String> compileCommand(TimingConfig config, List<String> sources, Path driver, Path exe) {
        List<String> cmd = TimingToolchain.compilerAndFlags(KokkosInstallation.compiler(), config, exe);
        cmd.add(KokkosInstallation.STANDARD);
        cmd.addAll(KokkosInstallation.includeFlags());
        // the primal carries #pragma ad annotations, unknown to the compiler
        cmd.add("-Wno-unknown-pragmas");
        for (String s : sources) {
            cmd.add("-include");
            cmd.add(s);
        }
        cmd.add(driver.toString());
        cmd.addAll(KokkosInstallation.libraries());
        return cmd;
    }
}
