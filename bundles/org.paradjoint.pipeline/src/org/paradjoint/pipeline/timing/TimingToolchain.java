package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.pipeline.timing.Variants.Variant;

/**
 * Timing runs in one language: reading the source so that a driver can call the kernel, which
 * variants can be timed, the driver's text and how to compile it. Each {@code SourceLanguage} has
 * one; {@link TimingRunner} does the rest the same way for all.
 */
public interface TimingToolchain {

    /** The unit to time, or an exception saying why the kernel cannot be called from a driver. */
    TranslationUnit parse(TimingConfig config, String text) throws TimingException;

    /** Why {@code v} is not timed in this language; null when it is. */
    String notTimed(Variant v);

    /** The value of the first element: index arrays hold a permutation starting there. */
    int firstIndex();

    /**
     * The shape of every array parameter at the integer values {@code ints}; {@code fixed} gives
     * lengths the indices do not bound. An {@link IllegalArgumentException} names an array that
     * cannot be sized.
     */
    default Map<Variable, ArrayExtents.Shape> shapes(Function kernel, Map<String, Long> ints, Map<String, Long> fixed) {
        return ArrayExtents.shapes(kernel, ints, fixed, firstIndex());
    }

    /** The driver that times {@code signature} (the primal's when null) {@code repetitions} times. */
    String driverSource(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description);

    /** The compiler command that links {@code sources} (the variant) and {@code driver} into {@code exe}. */
    List<String> compileCommand(TimingConfig config, List<String> sources, Path driver, Path exe);

    /** {@code compiler FLAGS -fopenmp -o exe}: what every language's command starts with. */
    static List<String> compilerAndFlags(String compiler, TimingConfig config, Path exe) {
        List<String> cmd = new ArrayList<>();
        cmd.add(compiler);
        cmd.addAll(config.flags());
        if (!config.flags().contains("-fopenmp")) {
            cmd.add("-fopenmp");
        }
        cmd.addAll(List.of("-o", exe.toString()));
        return cmd;
    }
}
