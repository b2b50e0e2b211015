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

    private final String adjoint;
    private final String length;
    private final Dialect dialect;

    ReductionFix(String adjoint, String length, Dialect dialect) {
        this.adjoint = adjoint;
        this.length = length;
        this.dialect = dialect;
    }

    @Override
    public String getLabel() {
        return "Use a reduction clause";
    }

    @Override
    public String getDescription() {
        String array = adjoint.contains("[") ? adjoint.substring(0, adjoint.indexOf('[')) : adjoint;
        String clause = dialect.reductionClause(array, length);
        return "The adjoint loop gets <code>" + clause + "</code> instead of atomics: "
                + "no contention, but each thread holds a private copy of " + length + " elements. "
                + "Applies to every adjoint of this file.";
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
