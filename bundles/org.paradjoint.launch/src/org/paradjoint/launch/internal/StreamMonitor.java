package org.paradjoint.launch.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.debug.core.IStreamListener;
import org.eclipse.debug.core.model.IStreamMonitor;

/** The text a timing process has written so far, and who wants to hear about more. */
final class StreamMonitor implements IStreamMonitor {

    private final StringBuilder contents = new StringBuilder();
    private final List<IStreamListener> listeners = new CopyOnWriteArrayList<>();

    void append(String text) {
        synchronized (contents) {
            contents.append(text);
        }
        for (IStreamListener l : listeners) {
            l.streamAppended(text, this);
        }
    }

    @Override
    public void addListener(IStreamListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(IStreamListener listener) {
        listeners.remove(listener);
    }

    @Override
    public String getContents() {
        synchronized (contents) {
            return contents.toString();
        }
    }
}
