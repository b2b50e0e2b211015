package org.paradjoint.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.edits.DisjointAssertion;
import org.paradjoint.pipeline.edits.ParsedSource;
import org.paradjoint.pipeline.edits.Problem;
import org.paradjoint.pipeline.edits.ReductionOption;
import org.paradjoint.pipeline.edits.StencilAnnotation;

/**
 * Quick-fixes of an unsafe adjoint increment, routed as in JDT: a cheap guess first
 * ({@link #hasResolutions}: an open unsafe increment), the real work (parsing, computing the
 * edits headless) only when the list is asked for. The marker's arguments (adjoint reference,
 * function) are read back instead of re-running the analysis.
 */
public final class UnsafeIncrementResolutions implements IMarkerResolutionGenerator2 {

    @Override
    public boolean hasResolutions(IMarker marker) {
        return isOpenUnsafeIncrement(marker);
    }

    @Override
    public IMarkerResolution[] getResolutions(IMarker marker) {
        if (!isOpenUnsafeIncrement(marker) || !(marker.getResource() instanceof IFile file)) {
            return new IMarkerResolution[0];
        }
        int offset = marker.getAttribute(IMarker.CHAR_START, -1);
        String function = marker.getAttribute(Problem.FUNCTION, "");
        String adjoint = marker.getAttribute(Problem.ADJOINT, "");
        List<IMarkerResolution> out = new ArrayList<>();
        ParsedSource src;
        try {
            src = ParsedSource.parse(file.getName(), Sources.current(file),
                    FileDecisions.settingsFor(file).preprocessor());
        } catch (CoreException e) {
            return new IMarkerResolution[] {new KeepAtomicFix(function, adjoint)};
        }
        if (Generators.byId(DerivativeGenerator.ADJOINT_STENCIL).isPresent()) {
            StencilAnnotation.propose(src, offset, FileDecisions.settingsFor(file).adjointSuffix())
                    .ifPresent(p -> out.add(new StencilFix(p)));
        }
        out.add(new KeepAtomicFix(function, adjoint));
        ReductionOption.length(src, offset).ifPresent(len -> src.dialect()
                .reductionClause(ReductionFix.arrayOf(adjoint), len).ifPresent(c -> out.add(new ReductionFix(c, len))));
        DisjointAssertion.propose(src, offset).ifPresent(p -> out.add(new DisjointFix(p)));
        return out.toArray(IMarkerResolution[]::new);
    }

    private static boolean isOpenUnsafeIncrement(IMarker marker) {
        try {
            return marker.exists() && marker.isSubtypeOf(Ids.UNSAFE_INCREMENT_MARKER)
                    && marker.getAttribute(Problem.DECISION, null) == null;
        } catch (CoreException e) {
            return false;
        }
    }
}
