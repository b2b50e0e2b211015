package org.paradjoint.launch.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.RegistryFactory;
import org.eclipse.core.runtime.Status;

/**
 * Generators contributed by other bundles:
 * {@code <extension point="org.paradjoint.launch.generators"><generator class="..."/></extension>};
 * outside an OSGi runtime (plain Java), the {@link ServiceLoader} providers of
 * {@link DerivativeGenerator} on the class path.
 */
final class ContributedGenerators {

    static final String EXTENSION_POINT = "org.paradjoint.launch.generators";

    private ContributedGenerators() {
    }

    static List<DerivativeGenerator> load() {
        List<DerivativeGenerator> out = new ArrayList<>();
        IExtensionRegistry registry;
        try {
            registry = RegistryFactory.getRegistry();
        } catch (LinkageError e) {
            return out;
        }
        if (registry == null) {
            ServiceLoader.load(DerivativeGenerator.class, ContributedGenerators.class.getClassLoader())
                    .forEach(out::add);
            return out;
        }
        for (IConfigurationElement e : registry.getConfigurationElementsFor(EXTENSION_POINT)) {
            try {
                if (e.createExecutableExtension("class") instanceof DerivativeGenerator g) {
                    out.add(g);
                }
            } catch (CoreException | RuntimeException ex) {
                ILog.get().log(Status.error("generator contributed by " + e.getContributor().getName()
                        + " could not be created", ex));
            }
        }
        return out;
    }
}
