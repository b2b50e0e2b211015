package org.paradjoint.cli;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

final class Version {

    private Version() {
    }

    static String get() {
        Bundle b = FrameworkUtil.getBundle(Version.class);
        return b == null ? "(development)" : b.getVersion().toString();
    }
}
