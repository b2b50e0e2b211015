package org.paradjoint.pipeline;

import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.core.print.CPrinter;

/** C: parsed by CDT's DOM parser, printed as C11 with OpenMP. */
final class CLanguage implements SourceLanguage {

    @Override
    public Language language() {
        return Language.C;
    }

    @Override
    public String displayName() {
        return "C";
    }

    @Override
    public List<String> extensions() {
        // Case matters for C: .C is C++ by convention, so only the lower-case spellings are C.
        return List.of(".c", ".h");
    }

    @Override
    public boolean reads(String fileName) {
        return fileName.endsWith(".c") || fileName.endsWith(".h");
    }

    @Override
    public FrontEnd newFrontEnd() {
        return new CFrontEnd();
    }

    @Override
    public String annotationPrefix() {
        return "#pragma ad ";
    }

    @Override
    public String printFile(List<Function> functions) {
        return CPrinter.printFile(functions);
    }
}
