package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.cli.Paradjoint;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.pipeline.edits.Problem;

/** Validation on save: unsafe adjoint increments and the command line's errors as markers. */
class MarkersTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    static IMarker[] markers(IFile f, String type) throws Exception {
        IMarker[] ms = f.findMarkers(type, true, IResource.DEPTH_ZERO);
        Arrays.sort(ms, Comparator.comparingInt(m -> m.getAttribute(IMarker.CHAR_START, 0)));
        return ms;
    }

    @Test
    void gather3HasAnUnsafeIncrementMarkerPerCollidingReference() throws Exception {
        IProject p = Workbench.project("markers");
        String text = Repo.example("formad/gather3.c");
        IFile src = Workbench.file(p, "gather3.c", text);
        Workbench.waitUntil(() -> {
            try {
                return markers(src, Ids.UNSAFE_INCREMENT_MARKER).length == 3;
            } catch (Exception e) {
                return false;
            }
        }, 60_000, "three unsafe-increment markers");
        IMarker first = markers(src, Ids.UNSAFE_INCREMENT_MARKER)[0];
        assertEquals(IMarker.SEVERITY_WARNING, first.getAttribute(IMarker.SEVERITY, -1));
        assertEquals(12, first.getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(text.indexOf("x[i - 1]"), first.getAttribute(IMarker.CHAR_START, -1));
        assertEquals("xb[i - 1]", first.getAttribute(Problem.ADJOINT, ""));
        assertEquals("adjoint increment xb[i - 1] may collide between iterations with xb[i]",
                first.getAttribute(Problem.REASON, ""));
        String counterexample = first.getAttribute(Problem.COUNTEREXAMPLE, "");
        assertTrue(counterexample.matches("i=\\d+, i'=\\d+; both touch xb\\[\\d+\\]"), counterexample);
        assertEquals("adjoint increment xb[i - 1] may collide between iterations with xb[i] (counterexample: "
                + counterexample + ")", first.getAttribute(IMarker.MESSAGE, ""));
        assertTrue(first.isSubtypeOf(IMarker.PROBLEM));
        assertEquals("Unsafe adjoint increment", typeName(first.getType()));
    }

    private static String typeName(String id) {
        var ext = org.eclipse.core.runtime.Platform.getExtensionRegistry()
                .getExtension("org.eclipse.core.resources.markers", id);
        return ext == null ? "" : ext.getLabel();
    }

    @Test
    void errorsCarryTheCommandLineText() throws Exception {
        IProject p = Workbench.project("errors");
        String bad = "void f(int n, double *y, const double *x)\n{\n    int i;\n#pragma ad gradient(y : q)\n"
                + "    for (i = 0; i < n; i++)\n        y[i] = x[i];\n}\n";
        IFile src = Workbench.file(p, "bad.c", bad);
        Workbench.waitUntil(() -> {
            try {
                return markers(src, Ids.PROBLEM_MARKER).length > 0;
            } catch (Exception e) {
                return false;
            }
        }, 60_000, "an error marker");
        IMarker m = markers(src, Ids.PROBLEM_MARKER)[0];
        assertEquals(IMarker.SEVERITY_ERROR, m.getAttribute(IMarker.SEVERITY, -1));

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(err, true, StandardCharsets.UTF_8);
        String path = src.getLocation().toOSString();
        int status = new Paradjoint(new PrintStream(new ByteArrayOutputStream()), ps)
                .run(new String[] {"differentiate", path, "-o", "-"});
        assertEquals(1, status);
        String line = err.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
        String expectedPrefix = path + ":" + m.getAttribute(IMarker.LINE_NUMBER, -1) + ":";
        assertTrue(line.startsWith(expectedPrefix), line + " vs " + expectedPrefix);
        assertEquals(line.substring(line.indexOf(": error: ") + ": error: ".length()),
                m.getAttribute(IMarker.MESSAGE, ""));
    }
}
