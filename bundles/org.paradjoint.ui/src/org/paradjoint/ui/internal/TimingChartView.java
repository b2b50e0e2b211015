package org.paradjoint.ui.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;
import org.paradjoint.pipeline.timing.TimingRow;
import org.paradjoint.pipeline.timing.TimingRunner;

/** The Derivative Timing view: the chart of the last timing experiment and the CSV it came from. */
public final class TimingChartView extends ViewPart {

    private Label source;
    private TimingChart chart;
    private Path csv;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new GridLayout(1, false));
        source = new Label(parent, SWT.NONE);
        source.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        source.setText("No timing results yet.");
        chart = new TimingChart(parent);
        chart.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
    }

    /** Loads and shows a CSV written by a timing experiment. */
    public void show(Path file) {
        try {
            List<TimingRow> rows = TimingRunner.readCsv(file);
            csv = file;
            source.setText(displayName(file) + " (" + rows.size() + " measurements)");
            chart.setRows(rows);
        } catch (IOException | RuntimeException e) {
            source.setText("Cannot read " + file + ": " + e.getMessage());
            chart.setRows(List.of());
        }
        source.getParent().layout();
    }

    /** The workspace path of a file in the workspace, else its file-system path. */
    private static String displayName(Path file) {
        IFile[] inWorkspace = ResourcesPlugin.getWorkspace().getRoot()
                .findFilesForLocationURI(file.toAbsolutePath().toUri());
        return inWorkspace.length > 0 ? inWorkspace[0].getFullPath().toString() : file.toString();
    }

    /** The CSV shown, or null. */
    public Path csv() {
        return csv;
    }

    /** The chart widget (for screenshots). */
    TimingChart chart() {
        return chart;
    }

    @Override
    public void setFocus() {
        chart.setFocus();
    }
}
