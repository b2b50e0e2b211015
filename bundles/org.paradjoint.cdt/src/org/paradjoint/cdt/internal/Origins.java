package org.paradjoint.cdt.internal;

import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;

/**
 * Where a node of a parse with includes comes from: the file itself (a macro's expansion counts
 * as where the macro is used), a header of the user's, or a system header. One decision for the
 * mapper: the user's headers are the user's code (their helpers are mapped when the file calls
 * them, their problems reported), the system headers are the compiler's (never mapped, their
 * problems CDT's own).
 */
final class Origins {

    enum Origin {
        FILE, USER_HEADER, SYSTEM_HEADER
    }

    private final SourceText src;
    /** Null for a parse without includes (everything is then of the file). */
    private final SystemHeaders.Found system;

    Origins(SourceText src, SystemHeaders.Found system) {
        this.src = src;
        this.system = system;
    }

    Origin of(IASTNode node) {
        IASTFileLocation loc = node.getFileLocation();
        if (loc == null || src.isOfThisFile(loc)) {
            return Origin.FILE;
        }
        return system != null && system.contains(loc.getFileName()) ? Origin.SYSTEM_HEADER : Origin.USER_HEADER;
    }

    /** The system include folders, in search order (none without includes). */
    java.util.List<String> systemDirs() {
        return system == null ? java.util.List.of() : system.includeDirs();
    }
}
