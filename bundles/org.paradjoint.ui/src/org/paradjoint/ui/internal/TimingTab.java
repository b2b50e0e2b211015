package org.paradjoint.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.dialogs.FilteredResourcesSelectionDialog;
import org.paradjoint.core.ir.Function;
import org.paradjoint.pipeline.timing.TimingConfig;
import org.paradjoint.pipeline.timing.Variants;
import org.paradjoint.launch.internal.TimingAttributes;
import org.paradjoint.pipeline.edits.ParsedSource;

/**
 * The Experiment tab: source file and kernel, problem sizes, thread counts, variants,
 * repetitions, compilers (C, Fortran) and flags, CSV.
 */
final class TimingTab extends AbstractLaunchConfigurationTab {

    private Text source;
    private Combo kernel;
    private Text sizeParameter;
    private Text sizes;
    private Text fixed;
    private Text threads;
    private Text ranks;
    private final Map<String, Button> variants = new LinkedHashMap<>();
    private Spinner repetitions;
    private Text compiler;
    private Text fortranCompiler;
    private Text flags;
    private Text csv;
    private Text environment;

    @Override
    public String getName() {
        return "Experiment";
    }

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(3, false));
        setControl(c);
        source = text(c, "&Source file:", "${workspace_loc:/project/kernel.c}", 1);
        Button browse = new Button(c, SWT.PUSH);
        browse.setText("&Browse...");
        browse.addListener(SWT.Selection, e -> browse());
        label(c, "&Kernel function:");
        kernel = new Combo(c, SWT.DROP_DOWN);
        kernel.setLayoutData(span(2));
        kernel.addListener(SWT.Modify, e -> changed());
        sizeParameter = text(c, "Si&ze parameter:", "empty: every integer parameter", 2);
        sizes = text(c, "&Problem sizes:", "e.g. 1000000, 4000000", 2);
        fixed = text(c, "Other &values:", "other integer parameters and array lengths, e.g. m=8 x=1000", 2);
        threads = text(c, "&Thread counts:", "e.g. 1, 2, 4", 2);
        ranks = text(c, "&MPI ranks:", "for a kernel that calls MPI, e.g. 1, 2, 4 (empty: 1)", 2);
        Group g = new Group(c, SWT.NONE);
        g.setText("&Variants (those that apply to the kernel; none checked: all that apply)");
        g.setLayout(new GridLayout(3, true));
        g.setLayoutData(span(3));
        for (Variants.Variant v : Variants.all()) {
            Button b = new Button(g, SWT.CHECK);
            b.setText(v.label());
            b.addListener(SWT.Selection, e -> changed());
            variants.put(v.id(), b);
        }
        label(c, "&Repetitions:");
        repetitions = new Spinner(c, SWT.BORDER);
        repetitions.setValues(5, 1, 10_000, 0, 1, 10);
        repetitions.setLayoutData(span(2));
        repetitions.addListener(SWT.Modify, e -> changed());
        compiler = text(c, "&Compiler:", "gcc", 2);
        fortranCompiler = text(c, "Fortran compiler:", "gfortran (for .f90 sources)", 2);
        flags = text(c, "Compiler &flags:", "-O2 (-fopenmp is added)", 2);
        environment = text(c, "&Environment:", "variables of every run, e.g. OMP_WAIT_POLICY=passive OMP_PROC_BIND=close",
                2);
        csv = text(c, "CS&V file:", "empty: NAME_timing.csv next to the source", 2);
    }

    private Text text(Composite c, String label, String hint, int span) {
        label(c, label);
        Text t = new Text(c, SWT.BORDER);
        t.setMessage(hint);
        t.setLayoutData(span(span));
        t.addListener(SWT.Modify, e -> changed());
        return t;
    }

    private static void label(Composite c, String text) {
        new Label(c, SWT.NONE).setText(text);
    }

    private static GridData span(int n) {
        GridData d = new GridData(SWT.FILL, SWT.CENTER, true, false);
        d.horizontalSpan = n;
        return d;
    }

    private void changed() {
        setDirty(true);
        updateLaunchConfigurationDialog();
    }

    private void browse() {
        FilteredResourcesSelectionDialog d = new FilteredResourcesSelectionDialog(getShell(), false,
                ResourcesPlugin.getWorkspace().getRoot(), IResource.FILE);
        d.setTitle("Source File");
        d.setInitialPattern("*.c");
        if (d.open() == Window.OK && d.getResult().length == 1 && d.getResult()[0] instanceof IFile f) {
            source.setText("${workspace_loc:" + f.getFullPath() + "}");
            fillKernels(f);
        }
    }

    /** Offers the annotated functions of the file as kernels. */
    private void fillKernels(IFile f) {
        try {
            String current = kernel.getText();
            kernel.removeAll();
            ParsedSource.parse(f.getName(), Sources.read(f), FileDecisions.settingsFor(f).preprocessor()).unit().ifPresent(u -> {
                for (Function fn : u.functions()) {
                    if (!fn.pragmas().isEmpty()) {
                        kernel.add(fn.name());
                    }
                }
            });
            kernel.setText(current.isEmpty() && kernel.getItemCount() > 0 ? kernel.getItem(0) : current);
        } catch (CoreException e) {
            setErrorMessage(e.getMessage());
        }
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy config) {
        // a million points: a call of a simple kernel takes milliseconds, so the chart compares work, not
        // the start-up of parallel loops (the runner warns about sizes whose calls last under 100 us)
        config.setAttribute(TimingAttributes.SIZES, "1000000");
        config.setAttribute(TimingAttributes.THREADS, "1, 2");
        config.setAttribute(TimingAttributes.REPETITIONS, 5);
        config.setAttribute(TimingAttributes.COMPILER, UiPreferences.compiler());
        config.setAttribute(TimingAttributes.FORTRAN_COMPILER, TimingConfig.DEFAULT_FORTRAN_COMPILER);
        config.setAttribute(TimingAttributes.FLAGS, String.join(" ", UiPreferences.compilerFlags()));
        config.setAttribute(TimingAttributes.ENVIRONMENT, environmentText(TimingConfig.DEFAULT_ENVIRONMENT));
    }

    private static String environmentText(Map<String, String> env) {
        List<String> parts = new ArrayList<>();
        env.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(" ", parts);
    }

    @Override
    public void initializeFrom(ILaunchConfiguration config) {
        try {
            source.setText(config.getAttribute(TimingAttributes.SOURCE, ""));
            kernel.setText(config.getAttribute(TimingAttributes.KERNEL, ""));
            sizeParameter.setText(config.getAttribute(TimingAttributes.SIZE_PARAMETER, ""));
            sizes.setText(config.getAttribute(TimingAttributes.SIZES, ""));
            fixed.setText(config.getAttribute(TimingAttributes.FIXED, ""));
            threads.setText(config.getAttribute(TimingAttributes.THREADS, "1, 2"));
            ranks.setText(config.getAttribute(TimingAttributes.RANKS, ""));
            List<String> chosen = config.getAttribute(TimingAttributes.VARIANTS, List.of());
            variants.forEach((id, b) -> b.setSelection(chosen.contains(id)));
            repetitions.setSelection(config.getAttribute(TimingAttributes.REPETITIONS, 5));
            compiler.setText(config.getAttribute(TimingAttributes.COMPILER, UiPreferences.compiler()));
            fortranCompiler.setText(config.getAttribute(TimingAttributes.FORTRAN_COMPILER,
                    TimingConfig.DEFAULT_FORTRAN_COMPILER));
            flags.setText(config.getAttribute(TimingAttributes.FLAGS, String.join(" ", UiPreferences.compilerFlags())));
            csv.setText(config.getAttribute(TimingAttributes.CSV, ""));
            environment.setText(config.getAttribute(TimingAttributes.ENVIRONMENT,
                    environmentText(TimingConfig.DEFAULT_ENVIRONMENT)));
        } catch (CoreException e) {
            setErrorMessage(e.getMessage());
        }
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy config) {
        config.setAttribute(TimingAttributes.SOURCE, source.getText().strip());
        config.setAttribute(TimingAttributes.KERNEL, kernel.getText().strip());
        config.setAttribute(TimingAttributes.SIZE_PARAMETER, sizeParameter.getText().strip());
        config.setAttribute(TimingAttributes.SIZES, sizes.getText().strip());
        config.setAttribute(TimingAttributes.FIXED, fixed.getText().strip());
        config.setAttribute(TimingAttributes.THREADS, threads.getText().strip());
        config.setAttribute(TimingAttributes.RANKS, ranks.getText().strip());
        List<String> chosen = new ArrayList<>();
        variants.forEach((id, b) -> {
            if (b.getSelection()) {
                chosen.add(id);
            }
        });
        config.setAttribute(TimingAttributes.VARIANTS, chosen);
        config.setAttribute(TimingAttributes.REPETITIONS, repetitions.getSelection());
        config.setAttribute(TimingAttributes.COMPILER, compiler.getText().strip());
        config.setAttribute(TimingAttributes.FORTRAN_COMPILER, fortranCompiler.getText().strip());
        config.setAttribute(TimingAttributes.FLAGS, flags.getText().strip());
        config.setAttribute(TimingAttributes.CSV, csv.getText().strip());
        config.setAttribute(TimingAttributes.ENVIRONMENT, environment.getText().strip());
    }

    @Override
    public boolean isValid(ILaunchConfiguration config) {
        setErrorMessage(null);
        try {
            Map<String, Object> attrs = new LinkedHashMap<>(config.getAttributes());
            TimingConfig c = TimingAttributes.toConfig(attrs, s -> {
                try {
                    return VariablesPlugin.getDefault().getStringVariableManager().performStringSubstitution(s);
                } catch (CoreException e) {
                    throw new IllegalArgumentException(e.getStatus().getMessage(), e);
                }
            });
            if (!c.source().toFile().isFile()) {
                setErrorMessage("The source file " + c.source() + " does not exist.");
                return false;
            }
            return true;
        } catch (CoreException | IllegalArgumentException e) {
            setErrorMessage(e.getMessage());
            return false;
        }
    }
}
