package org.paradjoint.ui.internal;

import java.lang.reflect.Method;
import java.util.Map;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Platform;
import org.osgi.framework.Bundle;
import org.paradjoint.core.frontend.Preprocessor;

/**
 * The include folders and macros that CDT's build settings give a file (the project's
 * "Paths and Symbols", or what its build output discovered), read through CDT's scanner-info
 * provider: {@code CCorePlugin.getDefault().getScannerInfoProvider(project).getScannerInformation(file)}.
 * Called by reflection because Paradjoint runs without CDT's full core too (the command line, or an
 * Eclipse without CDT's UI: then there are no build settings, and the preference page's folders and
 * macros apply).
 */
final class CdtBuildSettings {

    private CdtBuildSettings() {
    }

    /**
     * The preprocessor settings of {@code file}: CDT's build settings when CDT has any for it, else
     * {@code preferences}.
     */
    static Preprocessor of(IResource file, Preprocessor preferences) {
        Object info = scannerInfo(file);
        if (info == null) {
            return preferences;
        }
        Preprocessor fromCdt = fromScannerInfo(info);
        return fromCdt.includeDirs().isEmpty() && fromCdt.macros().isEmpty() ? preferences : fromCdt;
    }

    /** CDT's scanner information about {@code file}, or null when CDT's full core is not installed. */
    static Object scannerInfo(IResource file) {
        Bundle cdt = Platform.getBundle("org.eclipse.cdt.core");
        if (cdt == null || file == null) {
            return null;
        }
        try {
            Class<?> plugin = cdt.loadClass("org.eclipse.cdt.core.CCorePlugin");
            Object core = plugin.getMethod("getDefault").invoke(null);
            if (core == null) {
                return null;
            }
            Object provider = plugin.getMethod("getScannerInfoProvider", IProject.class).invoke(core,
                    file.getProject());
            if (provider == null) {
                return null;
            }
            Method info = provider.getClass().getMethod("getScannerInformation", IResource.class);
            return info.invoke(provider, file);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null; // a CDT core without the build model (the parser alone): no build settings
        }
    }

    /**
     * The folders and macros of a CDT {@code IScannerInfo} ({@code getIncludePaths()},
     * {@code getDefinedSymbols()}); definitions that are not C identifiers are left out.
     */
    static Preprocessor fromScannerInfo(Object info) {
        Preprocessor p = Preprocessor.NONE;
        try {
            if (info.getClass().getMethod("getIncludePaths").invoke(info) instanceof String[] dirs) {
                for (String d : dirs) {
                    p = p.withIncludeDir(d);
                }
            }
            if (info.getClass().getMethod("getDefinedSymbols").invoke(info) instanceof Map<?, ?> symbols) {
                for (Map.Entry<?, ?> e : symbols.entrySet()) {
                    try {
                        String value = e.getValue() == null ? "" : e.getValue().toString();
                        p = p.withDefinition(e.getKey() + "=" + value);
                    } catch (IllegalArgumentException ex) {
                        // not a macro the front-end can take
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Preprocessor.NONE;
        }
        return p;
    }
}
