package org.paradjoint.ui.internal;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Path;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.edits.Dialect;

/**
 * "Use a reduction clause": the file's adjoints put arrays with unproven increments into
 * {@code reduction(+: xb[:len])} (each thread accumulates into its own copy); an adjoint file
 * that already exists is regenerated.
 */
final class ReductionFix extends IncrementFix {

    /** {@code clause}: the reduction clause as the file's language writes it ({@link Dialect#reductionClause}). */
    ReductionFix(String clause, String length) {
        super("Use a reduction clause", "The adjoint loop gets <code>" + clause
                + "</code> instead of atomics: no contention, but each thread holds a private copy of " + length
                + " elements. Applies to every adjoint of this file.");
    }

    /** {@code xb} of {@code xb[i - 1]}. */
    static String arrayOf(String adjoint) {
        return adjoint.contains("[") ? adjoint.substring(0, adjoint.indexOf('[')) : adjoint;
    }

    @Override
    protected void apply(IFile file) throws CoreException {
        FileDecisions.useReduction(file);
        ValidationService.scheduleValidation(file);
        var settings = FileDecisions.settingsFor(file);
        IFile adjointFile = file.getParent().getFile(new Path(
                Differentiator.outputFileName(file.getName(), Mode.REVERSE, settings.diffOptions())));
        if (adjointFile.exists()) {
            DerivativeGenerator g = Generators.byId(DerivativeGenerator.ADJOINT).orElseThrow();
            new GenerateJob(file, Sources.current(file), g, settings, false).schedule();
        }
    }
}
