package org.paradjoint.ui.internal;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.QualifiedName;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.edits.FileValidation;

/**
 * What the user decided about unsafe increments of one file, kept as persistent properties of
 * the file: increments kept atomic ({@code function:adjoint} keys) and whether the file's
 * adjoints use reduction clauses. Generation and validation read them.
 */
final class FileDecisions {

    private static final QualifiedName KEPT_ATOMIC = new QualifiedName(Ids.PLUGIN, "keptAtomic");
    private static final QualifiedName RACE_STRATEGY = new QualifiedName(Ids.PLUGIN, "raceStrategy");
    private static final String SEPARATOR = "\n";

    private FileDecisions() {
    }

    static FileValidation.Decisions of(IFile file) {
        try {
            String kept = file.getPersistentProperty(KEPT_ATOMIC);
            Set<String> keys = kept == null || kept.isEmpty() ? Set.of()
                    : new LinkedHashSet<>(Arrays.asList(kept.split(SEPARATOR)));
            return new FileValidation.Decisions(keys, strategy(file) == RaceStrategy.REDUCTION);
        } catch (CoreException e) {
            return FileValidation.Decisions.NONE;
        }
    }

    static void keepAtomic(IFile file, String function, String adjoint) throws CoreException {
        Set<String> keys = new LinkedHashSet<>(of(file).keptAtomic());
        keys.add(FileValidation.Decisions.key(function, adjoint));
        file.setPersistentProperty(KEPT_ATOMIC, String.join(SEPARATOR, keys));
    }

    static void useReduction(IFile file) throws CoreException {
        file.setPersistentProperty(RACE_STRATEGY, RaceStrategy.REDUCTION.spelling());
    }

    /** The file's race strategy, or null when the preference applies. */
    static RaceStrategy strategy(IFile file) {
        try {
            String s = file.getPersistentProperty(RACE_STRATEGY);
            return s == null ? null : RaceStrategy.parse(s);
        } catch (CoreException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The preferences, with this file's race strategy when the user chose one for it, CDT's build
     * settings for its include folders and macros when CDT has any, and its folder searched first for
     * what it includes (the front-end knows the file by its name only).
     */
    static GenerationSettings settingsFor(IFile file) {
        GenerationSettings s = UiPreferences.generation();
        // CDT's build settings of the file when CDT has them, else the preferences' folders and macros
        s = s.withPreprocessor(CdtBuildSettings.of(file, s.preprocessor()));
        if (file.getLocation() != null) {
            s = s.withPreprocessor(s.preprocessor().withFirstIncludeDir(file.getLocation().removeLastSegments(1)
                    .toOSString()));
        }
        RaceStrategy r = strategy(file);
        return r == null ? s : s.withRaceStrategy(r);
    }
}
