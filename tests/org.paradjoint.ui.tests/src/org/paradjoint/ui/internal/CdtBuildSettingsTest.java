package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.frontend.Preprocessor;

/**
 * Include folders and macros from CDT's build settings. The runtime of these tests has CDT's
 * parser without its build model, so there are none and the preferences apply; what CDT would
 * hand over (an {@code IScannerInfo}) is read from an object with the same two methods.
 */
class CdtBuildSettingsTest {

    /** What CDT's {@code IScannerInfo} offers: the folders and the macros of a file's build. */
    public static final class ScannerInfo {
        public String[] getIncludePaths() {
            return new String[] {"/opt/app/include", "/usr/include/hdf5"};
        }

        public Map<String, String> getDefinedSymbols() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("NX", "128");
            m.put("USE_MPI", "");
            m.put("2D", "1"); // not a macro name: left out
            m.put("SQR(a)", "((a)*(a))");
            return m;
        }
    }

    @Test
    void theFoldersAndMacrosOfCdtsScannerInformationBecomeThePreprocessorsSettings() {
        Preprocessor p = CdtBuildSettings.fromScannerInfo(new ScannerInfo());
        assertEquals(List.of("/opt/app/include", "/usr/include/hdf5"), p.includeDirs());
        assertEquals(Map.of("NX", "128", "USE_MPI", "", "SQR(a)", "((a)*(a))"), p.macros());
    }

    @Test
    void withoutCdtsBuildModelThePreferencesApply() throws CoreException {
        IFile file = Workbench.file(Workbench.project("cdt-settings"), "k.c", "void f(void) {}\n");
        assertNull(CdtBuildSettings.scannerInfo(file));
        Preprocessor preferences = Preprocessor.NONE.withIncludeDir("/from/preferences").withDefinition("N=4");
        assertEquals(preferences, CdtBuildSettings.of(file, preferences));
    }
}
