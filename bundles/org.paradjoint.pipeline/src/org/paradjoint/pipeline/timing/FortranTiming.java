package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.FortranUnit;
import org.paradjoint.fortran.ProcedureInfo;
import org.paradjoint.pipeline.timing.Variants.Variant;

/**
 * Fortran kernels: a Fortran driver compiled with the variant by the configured Fortran compiler.
 * The driver calls the kernel without an interface, so it must be an external subroutine with
 * explicit-shape or assumed-size dummies. A kernel that communicates gets a driver that is an MPI
 * program ({@link FortranTimingDriver}), built with {@code mpif90} and run under {@code mpirun}.
 */
public final class FortranTiming implements TimingToolchain {

    /** Why the sparse gradient is left out of Fortran timing runs. */
    static final String SPARSE_GRADIENT_NOT_TIMED = "the sparse gradient of a Fortran kernel is C code behind a "
            + "bind(C) module; time it from C, or differentiate with `paradjoint differentiate --mode separable`";

    @Override
    public TranslationUnit parse(TimingConfig config, String text) throws TimingException {
        FortranUnit u = new FortranFrontEnd().parseUnit(config.source().toString(), text);
        if (u.result().hasErrors()) {
            throw new TimingException(TimingRunner.format(u.result().diagnostics()));
        }
        ProcedureInfo info = u.procedure(config.kernel());
        if (info != null && (info.isModuleProcedure() || !info.assumedShape().isEmpty())) {
            throw info.isModuleProcedure()
                    ? TimingRunner.error(config, "timing-fortran-interface.module", "kernel", config.kernel(), "module",
                            info.module())
                    : TimingRunner.error(config, "timing-fortran-interface.assumed-shape", "kernel", config.kernel(),
                            "dummies", String.join(", ", info.assumedShape()));
        }
        if (u.result().unit().function(config.kernel()).map(f -> f.returnType() != null).orElse(false)) {
            throw TimingRunner.error(config, "timing-fortran-function", "kernel", config.kernel());
        }
        return u.result().unit();
    }

    @Override
    public String notTimed(Variant v) {
        return Variants.SPARSE_GRADIENT.equals(v.id()) ? SPARSE_GRADIENT_NOT_TIMED : null;
    }

    @Override
    public int firstIndex() {
        return 1;
    }

    @Override
    public String driverSource(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description) {
        return FortranTimingDriver.source(kernel, signature, ints, shapes, repetitions, description);
    }

    @Override
    public List<String> compileCommand(TimingConfig config, List<String> sources, Path driver, Path exe) {
        List<String> cmd = TimingToolchain.compilerAndFlags(config.fortranCompiler(), config, exe);
        // the variant first: modules it defines (the tape) are compiled before anything uses them
        cmd.addAll(sources);
        cmd.add(driver.toString());
        return cmd;
    }
}
