package org.paradjoint.cdt.internal;

import org.eclipse.cdt.core.dom.ast.ASTTypeUtil;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;

/** Questions about CDT's resolved types ({@link IType}) that the struct support asks. */
final class CTypes {

    private CTypes() {
    }

    /** {@code t} without typedefs and qualifiers around it. */
    static IType strip(IType t) {
        IType s = t;
        while (s instanceof ITypedef || s instanceof IQualifierType) {
            s = s instanceof ITypedef d ? d.getType() : ((IQualifierType) s).getType();
        }
        return s;
    }

    /** True when the elements {@code p} points to are {@code const}. */
    static boolean isConstPointee(IPointerType p) {
        IType t = p.getType();
        while (t instanceof ITypedef || t instanceof IQualifierType) {
            if (t instanceof IQualifierType q && q.isConst()) {
                return true;
            }
            t = t instanceof ITypedef d ? d.getType() : ((IQualifierType) t).getType();
        }
        return false;
    }

    /** {@code t} as C spells it, for messages. */
    static String text(IType t) {
        return ASTTypeUtil.getType(t, false);
    }
}
