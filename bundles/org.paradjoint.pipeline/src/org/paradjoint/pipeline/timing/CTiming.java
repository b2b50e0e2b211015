package org.paradjoint.pipeline.timing;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.pipeline.timing.Variants.Variant;

/** C kernels: a C driver compiled with the variant by the configured C compiler. */
public final class CTiming implements TimingToolchain {

    @Override
    public TranslationUnit parse(TimingConfig config, String text) throws TimingException {
        // only the kernel and what it calls need to be supported, as when differentiating
        ParseResult r = new CFrontEnd(config.generation().preprocessor()).parseFor(config.source().toString(), text,
                Set.of(config.kernel()));
        if (r.hasErrors()) {
            throw new TimingException(TimingRunner.format(r.diagnostics()));
        }
        return r.unit();
    }

    @Override
    public String notTimed(Variant v) {
        return null;
    }

    @Override
    public int firstIndex() {
        return 0;
    }

    @Override
    public String driverSource(Function kernel, DerivativeSignature signature, Map<String, Long> ints,
            Map<Variable, ArrayExtents.Shape> shapes, int repetitions, String description) {
        Map<Variable, Long> counts = new LinkedHashMap<>();
        shapes.forEach((array, shape) -> counts.put(array, shape.count()));
        return TimingDriver.source(kernel, signature, ints, counts, repetitions, description);
    }

    @Override
    public List<String> compileCommand(TimingConfig config, List<String> sources, Path driver, Path exe) {
        List<String> cmd = TimingToolchain.compilerAndFlags(config.compiler(), config, exe);
        cmd.add(driver.toString());
        cmd.addAll(sources);
        cmd.add("-lm");
        return cmd;
    }
}
