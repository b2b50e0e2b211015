package org.paradjoint.ui.internal;

import java.util.Optional;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.ui.handlers.HandlerUtil;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;

/**
 * Differentiate > Adjoint / Tangent / Adjoint Stencil / Partially Separable Gradient: generates
 * the file next to the selected (or edited) source in a job, then opens it. The generator id is
 * the handler's initialisation data in plugin.xml.
 */
public final class DifferentiateHandler extends AbstractHandler implements IExecutableExtension {

    private String generatorId = DerivativeGenerator.ADJOINT;

    @Override
    public void setInitializationData(IConfigurationElement config, String propertyName, Object data) {
        if (data instanceof String s && !s.isBlank()) {
            generatorId = s.strip();
        }
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<Sources.Target> target = Sources.target(HandlerUtil.getCurrentSelection(event),
                HandlerUtil.getActiveEditor(event));
        if (target.isEmpty()) {
            return null;
        }
        DerivativeGenerator generator = Generators.byId(generatorId).orElseThrow(() -> new ExecutionException(
                "the generator '" + generatorId + "' is not installed"));
        String text;
        try {
            text = Sources.current(target.get().file());
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
        new GenerateJob(target.get().file(), text, generator, FileDecisions.settingsFor(target.get().file()), true)
                .schedule();
        return null;
    }
}
