package org.paradjoint.launch.internal;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.core.model.IStreamMonitor;
import org.eclipse.debug.core.model.IStreamsProxy;
import org.paradjoint.pipeline.timing.TimingConfig;
import org.paradjoint.pipeline.timing.TimingException;
import org.paradjoint.pipeline.timing.TimingListener;
import org.paradjoint.pipeline.timing.TimingRunner;

/**
 * A timing experiment as a debug process: the Console view shows its output as it streams
 * (every compile and run command and the programs' output), Terminate cancels it, and its
 * attribute {@link TimingAttributes#PROCESS_CSV} names the CSV once it has been written.
 */
public final class TimingProcess implements IProcess {

    private final ILaunch launch;
    private final String label;
    private final StreamMonitor out = new StreamMonitor();
    private final StreamMonitor err = new StreamMonitor();
    private final Map<String, String> attributes = new HashMap<>();
    private final Thread worker;
    private volatile boolean cancelled;
    private volatile boolean terminated;
    private volatile int exitValue = -1;

    TimingProcess(ILaunch launch, String label, TimingConfig config) {
        this.launch = launch;
        this.label = label;
        attributes.put(IProcess.ATTR_PROCESS_TYPE, "paradjoint.timing");
        worker = new Thread(() -> run(config), "Paradjoint timing: " + label);
        worker.setDaemon(true);
    }

    /** Starts the experiment; the launch must already know the process. */
    void start() {
        fire(DebugEvent.CREATE);
        worker.start();
    }

    private void run(TimingConfig config) {
        TimingListener listener = text -> out.append(text + "\n");
        try {
            new TimingRunner(listener).run(config, () -> cancelled);
            setAttribute(TimingAttributes.PROCESS_CSV, config.csv().toAbsolutePath().toString());
            exitValue = 0;
        } catch (TimingException e) {
            err.append(e.getMessage() + "\n");
            exitValue = 1;
        } catch (RuntimeException e) {
            err.append("timing experiment failed: " + e + "\n");
            exitValue = 2;
        } finally {
            terminated = true;
            fire(DebugEvent.TERMINATE);
        }
    }

    /** Waits until the experiment has ended (for tests and headless callers). */
    public boolean join(long millis) throws InterruptedException {
        worker.join(millis);
        return terminated;
    }

    private void fire(int kind) {
        DebugPlugin plugin = DebugPlugin.getDefault();
        if (plugin != null) {
            plugin.fireDebugEventSet(new DebugEvent[] {new DebugEvent(this, kind)});
        }
    }

    @Override
    public String getLabel() {
        return label;
    }

    @Override
    public ILaunch getLaunch() {
        return launch;
    }

    @Override
    public IStreamsProxy getStreamsProxy() {
        return new IStreamsProxy() {
            @Override
            public IStreamMonitor getOutputStreamMonitor() {
                return out;
            }

            @Override
            public IStreamMonitor getErrorStreamMonitor() {
                return err;
            }

            @Override
            public void write(String input) {
                // the experiment reads no input
            }
        };
    }

    @Override
    public void setAttribute(String key, String value) {
        synchronized (attributes) {
            attributes.put(key, value);
        }
        fire(DebugEvent.CHANGE);
    }

    @Override
    public String getAttribute(String key) {
        synchronized (attributes) {
            return attributes.get(key);
        }
    }

    @Override
    public int getExitValue() {
        return exitValue;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean canTerminate() {
        return !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public void terminate() {
        cancelled = true;
    }
}
