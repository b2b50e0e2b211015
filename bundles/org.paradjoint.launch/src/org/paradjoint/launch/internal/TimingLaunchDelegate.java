package org.paradjoint.launch.internal;

import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.variables.IStringVariableManager;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.ILaunchConfigurationDelegate;
import org.paradjoint.pipeline.timing.TimingConfig;

/** Launches a "Derivative timing experiment": a {@link TimingProcess} that runs the headless runner. */
public final class TimingLaunchDelegate implements ILaunchConfigurationDelegate {

    @Override
    public void launch(ILaunchConfiguration configuration, String mode, ILaunch launch, IProgressMonitor monitor)
            throws CoreException {
        IStringVariableManager vars = VariablesPlugin.getDefault().getStringVariableManager();
        Map<String, Object> attrs = configuration.getAttributes();
        TimingConfig config;
        try {
            config = TimingAttributes.toConfig(attrs, s -> {
                try {
                    return vars.performStringSubstitution(s);
                } catch (CoreException e) {
                    throw new IllegalArgumentException(e.getStatus().getMessage(), e);
                }
            });
        } catch (IllegalArgumentException e) {
            throw new CoreException(Status.error(configuration.getName() + ": " + e.getMessage(), e));
        }
        TimingProcess process = new TimingProcess(launch, configuration.getName() + " [" + config.kernel() + "]",
                config);
        launch.addProcess(process);
        process.start();
    }
}
