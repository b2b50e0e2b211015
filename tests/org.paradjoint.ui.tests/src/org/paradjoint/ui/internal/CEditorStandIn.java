package org.paradjoint.ui.internal;

import org.eclipse.ui.editors.text.TextEditor;

/**
 * A text editor with the context menu of CDT's C/C++ editor: CDT's {@code CEditor} is an
 * {@code AbstractTextEditor} that calls {@code setEditorContextMenuId("#CEditorContext")}, and that
 * menu id is all of it our {@code popup:#CEditorContext} contributions see. CDT's UI is not on Maven
 * Central, so the tests open C files in this editor instead (registered in this fragment's
 * fragment.xml, without file associations: the other tests keep the generic editor).
 */
public class CEditorStandIn extends TextEditor {

    static final String ID = "org.paradjoint.ui.tests.cEditorStandIn";
    static final String CONTEXT_MENU_ID = "#CEditorContext";

    @Override
    protected void initializeEditor() {
        super.initializeEditor();
        // after TextEditor's own "#TextEditorContext", as CEditor does
        setEditorContextMenuId(CONTEXT_MENU_ID);
    }

    /** The id the context menu was registered under, for the tests to check which menu they open. */
    String contextMenuId() {
        return getEditorContextMenuId();
    }
}
