package org.paradjoint.ui.internal;

import org.eclipse.jface.preference.ComboFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.jface.preference.PathEditor;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.transform.RaceStrategy;

/**
 * Window > Preferences > Paradjoint: names of derivatives, race handling, stencils, how C files
 * are preprocessed (include folders and macros, as {@code -I} and {@code -D} on the command line),
 * the compiler.
 */
public final class ParadjointPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

    public ParadjointPreferencePage() {
        super(GRID);
        setPreferenceStore(new ScopedPreferenceStore(InstanceScope.INSTANCE, Ids.PLUGIN));
        setDescription("Settings of generated derivatives and of timing experiments.");
    }

    @Override
    public void init(IWorkbench workbench) {
        // the store is set in the constructor
    }

    @Override
    protected void createFieldEditors() {
        addField(new StringFieldEditor(UiPreferences.ADJOINT_SUFFIX, "&Adjoint suffix (f_b, xb):",
                getFieldEditorParent()));
        addField(new StringFieldEditor(UiPreferences.TANGENT_SUFFIX, "&Tangent suffix (f_d, xd):",
                getFieldEditorParent()));
        addField(new ComboFieldEditor(UiPreferences.RACE_STRATEGY, "&Unproven adjoint increments:", new String[][] {
            {"omp atomic (proven increments plain)", RaceStrategy.ATOMIC.spelling()},
            {"reduction clause (proven increments plain)", RaceStrategy.REDUCTION.spelling()},
            {"gather or per-thread copies where possible, else omp atomic", RaceStrategy.PRIVATE.spelling()},
            {"omp atomic everywhere (no race analysis)", RaceStrategy.ALL_ATOMIC.spelling()}},
                getFieldEditorParent()));
        IntegerFieldEditor timeout = new IntegerFieldEditor(UiPreferences.PROVER_TIMEOUT_MS,
                "&Prover timeout per question (ms):", getFieldEditorParent());
        timeout.setValidRange(1, 600_000);
        addField(timeout);
        addField(new ComboFieldEditor(UiPreferences.STENCIL_STRATEGY, "&Stencil boundary strategy:",
                new String[][] {{"split (core loop and remainder statements)", "split"},
                    {"guarded (one loop with conditions)", "guarded"}}, getFieldEditorParent()));
        addField(new PathEditor(UiPreferences.INCLUDE_DIRS, "&Include directories of C files (-I):",
                "Folder of headers", getFieldEditorParent()));
        addField(new MacrosEditor(getFieldEditorParent()));
        addField(new StringFieldEditor(UiPreferences.COMPILER, "C &compiler command:", getFieldEditorParent()));
        addField(new StringFieldEditor(UiPreferences.COMPILER_FLAGS, "Compiler &flags (-fopenmp is added):",
                getFieldEditorParent()));
    }

    /** Macro definitions, checked as {@code -D} checks them: the page cannot be applied with a bad one. */
    private static final class MacrosEditor extends StringFieldEditor {
        MacrosEditor(Composite parent) {
            super(UiPreferences.MACROS, "C &macros (NAME or NAME=VALUE, separated by spaces; -D):", parent);
            setEmptyStringAllowed(true);
        }

        @Override
        protected boolean doCheckState() {
            try {
                for (String definition : UiPreferences.definitions(getStringValue())) {
                    Preprocessor.NONE.withDefinition(definition);
                }
                return true;
            } catch (IllegalArgumentException e) {
                setErrorMessage(e.getMessage());
                return false;
            }
        }
    }
}
