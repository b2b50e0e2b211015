package org.paradjoint.ui.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Path;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.undo.WorkspaceUndoUtil;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GeneratedMarker;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.edits.ParsedSource;

/**
 * Generates derivative code for one source file (C or Fortran): parse, transform (with the race
 * analysis for adjoints), then write the file next to the source (with the headers it includes,
 * where it has any) as an undoable workspace operation and open it. Errors are reported with the
 * command line's text ({@code file:line:col: error: ...}) and nothing is written.
 */
final class GenerateJob extends Job {

    /** Family of these jobs, for tests and for cancelling them together. */
    static final Object FAMILY = GenerateJob.class;

    private final IFile source;
    private final String text;
    private final DerivativeGenerator generator;
    private final GenerationSettings settings;
    private final boolean open;
    private volatile IFile written;

    GenerateJob(IFile source, String text, DerivativeGenerator generator, GenerationSettings settings, boolean open) {
        super(generator.label() + " of " + source.getName());
        this.source = source;
        this.text = text;
        this.generator = generator;
        this.settings = settings;
        this.open = open;
        setUser(true);
        setRule(source.getParent());
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    /** The file written by the last successful run, or null. */
    IFile written() {
        return written;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, getName(), 3);
        sub.subTask("Parsing " + source.getName());
        ParseResult parsed = ParsedSource.parse(source.getName(), text, settings.preprocessor()).result();
        if (parsed.hasErrors()) {
            return failure(parsed.diagnostics());
        }
        sub.worked(1);
        if (sub.isCanceled()) {
            return Status.CANCEL_STATUS;
        }
        sub.subTask(generator.label() + (generator.id().equals(DerivativeGenerator.ADJOINT)
                ? " and race analysis" : ""));
        GeneratedFile g = generator.generate(parsed.unit(), source.getName(), null, settings);
        if (g.hasErrors()) {
            return failure(g.diagnostics());
        }
        sub.worked(1);
        if (sub.isCanceled()) {
            return Status.CANCEL_STATUS;
        }
        IFile target = besideSource(g.path());
        Map<IFile, String> contents = new LinkedHashMap<>();
        contents.put(target, g.text());
        g.companions().forEach(c -> contents.put(besideSource(c.path()), c.text()));
        List<IFile> users = usersFiles(contents.keySet());
        if (!users.isEmpty() && !confirmReplace(users)) {
            return Status.info(source.getName() + ": nothing was generated: "
                    + String.join(", ", users.stream().map(IFile::getName).toList()) + " kept");
        }
        GeneratedFileOperation op = new GeneratedFileOperation(contents);
        op.addContext(WorkspaceUndoUtil.getWorkspaceUndoContext());
        IOperationHistory history = OperationHistoryFactory.getOperationHistory();
        try {
            IStatus s = history.execute(op, sub.split(1), null);
            if (!s.isOK()) {
                return s;
            }
        } catch (ExecutionException e) {
            return Status.error("cannot write " + target.getFullPath() + ": " + e.getMessage(), e);
        }
        written = target;
        if (open) {
            openEditor(target);
        }
        return Status.OK_STATUS;
    }

    /**
     * The files among {@code targets} that exist and that Paradjoint did not generate (the
     * decision is the pipeline's, the command line's too): replacing them needs the user's yes.
     */
    private static List<IFile> usersFiles(Collection<IFile> targets) {
        List<IFile> out = new ArrayList<>();
        for (IFile f : targets) {
            if (!f.exists()) {
                continue;
            }
            boolean generated;
            if (f.getLocation() != null) {
                generated = GeneratedMarker.mayReplace(f.getLocation().toPath());
            } else {
                try {
                    generated = GeneratedMarker.isGenerated(Sources.read(f));
                } catch (CoreException e) {
                    generated = false;
                }
            }
            if (!generated) {
                out.add(f);
            }
        }
        return out;
    }

    /** Asks (on the display's thread) whether to replace the user's {@code files}; no when there is no display. */
    private static boolean confirmReplace(List<IFile> files) {
        if (!PlatformUI.isWorkbenchRunning()) {
            return false;
        }
        String names = String.join("\n  ", files.stream().map(f -> f.getFullPath().toString()).toList());
        boolean[] yes = new boolean[1];
        PlatformUI.getWorkbench().getDisplay().syncExec(() -> yes[0] = MessageDialog.openConfirm(
                PlatformUI.getWorkbench().getDisplay().getActiveShell(), "Replace Files Not Generated by Paradjoint",
                "These files exist and were not generated by Paradjoint (their first line is not its marker):\n  "
                        + names + "\n\nReplace them with the generated files? (Edit > Undo brings them back.)"));
        return yes[0];
    }

    /** The generated files belong in the source's folder. */
    private IFile besideSource(String path) {
        return source.getParent().getFile(new Path(new java.io.File(path).getName()));
    }

    private IStatus failure(List<Diagnostic> diagnostics) {
        // The same lines the command line prints; the validation shows them as markers too.
        ValidationService.scheduleValidation(source);
        String lines = String.join("\n", diagnostics.stream().filter(Diagnostic::isError).map(Diagnostic::format)
                .toList());
        return Status.error(source.getName() + ": nothing was generated:\n" + lines);
    }

    private static void openEditor(IFile target) {
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
                window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
            }
            IWorkbenchPage page = window == null ? null : window.getActivePage();
            if (page != null && target.exists()) {
                try {
                    IDE.openEditor(page, target, true);
                } catch (PartInitException e) {
                    Platform.getLog(GenerateJob.class).log(e.getStatus());
                }
            }
        });
    }
}
