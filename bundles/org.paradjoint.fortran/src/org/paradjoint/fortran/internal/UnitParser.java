package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.fortran.FortranUnit;
import org.paradjoint.fortran.ProcedureInfo;

/**
 * A whole file: logical lines, then a scan for the program units (subroutines, functions,
 * modules with their {@code contains}; main programs are skipped with a warning), then the
 * module specification parts, then every procedure in two phases, then the checks of calls
 * between procedures of the file.
 */
public final class UnitParser {
    private final SourceText src;
    private final Reporter reporter;
    private final List<LogicalLine> lines;
    private final UnitIndex index = new UnitIndex();
    private final List<ProcedureParser> parsers = new ArrayList<>();
    private final List<UnitIndex.Procedure> order = new ArrayList<>();

    private UnitParser(String file, String text) {
        this.src = new SourceText(file, text);
        this.reporter = new Reporter(src);
        this.lines = Tokenizer.lines(src, reporter);
    }

    public static FortranUnit parse(String file, String text) {
        return new UnitParser(file, text).run();
    }

    private FortranUnit run() {
        scan();
        parsers.forEach(ProcedureParser::prepare);
        List<Function> functions = new ArrayList<>();
        Map<String, ProcedureInfo> infos = new LinkedHashMap<>();
        for (int k = 0; k < parsers.size(); k++) {
            ProcedureParser p = parsers.get(k);
            Function f;
            try {
                f = p.finish();
            } catch (RuntimeException e) {
                LogicalLine h = lines.get(order.get(k).header);
                reporter.error("internal-error.internal-error-while", h.start(), h.end(), "unit", order.get(k).name(),
                        "exception", e);
                f = null;
            }
            if (f != null) {
                functions.add(f);
            }
            UnitIndex.Procedure proc = order.get(k);
            infos.put(proc.name(), new ProcedureInfo(proc.name(), proc.module(), p.assumedShape()));
        }
        new CallChecks(reporter).check(functions);
        TranslationUnit unit = new TranslationUnit(src.file(), TranslationUnit.Language.FORTRAN, functions);
        return new FortranUnit(new ParseResult(unit, reporter.diagnostics().list()), infos);
    }

    // ---- program units ------------------------------------------------------------------------

    private void scan() {
        List<LogicalLine> pending = new ArrayList<>();
        String module = null;
        int i = 0;
        while (i < lines.size()) {
            LogicalLine l = lines.get(i);
            if (l.isDirective()) {
                if (l.kind() == LogicalLine.Kind.AD) {
                    pending.add(l);
                } else {
                    reporter.error("misplaced-pragma.omp-outside-procedure", l.start(), l.end());
                }
                i++;
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            switch (cls.kind()) {
                case SUBROUTINE, FUNCTION -> {
                    i = procedure(i, cls, module, pending);
                    pending = new ArrayList<>();
                }
                case MODULE -> {
                    danglingUnitDirectives(pending);
                    pending = new ArrayList<>();
                    module = moduleName(l, cls);
                    i = moduleSpecification(i, module);
                    if (i < lines.size() && Classifier.classify(lines.get(i)).kind() == Classifier.Kind.CONTAINS) {
                        i++;
                    } else {
                        module = closeModule(i, module);
                        i++;
                    }
                }
                case END -> {
                    if (module != null && (cls.endWhat().equals("module") || cls.endWhat().isEmpty())) {
                        danglingUnitDirectives(pending);
                        pending = new ArrayList<>();
                        module = closeModule(i, module);
                    } else {
                        reporter.error("mismatched-end.closes-nothing", l.start(), l.end(), "code",
                                src.excerpt(l.start(), l.end()));
                    }
                    i++;
                }
                case PROGRAM -> {
                    reporter.warning("program-skipped", l.start(), l.end());
                    i = unitEnd(i, "program") + 1;
                }
                case OTHER_UNIT -> {
                    reporter.error("unsupported-program-unit.subroutines-functions-modules", l.start(), l.end(),
                            "code", src.excerpt(l.start(), l.end()));
                    i = unitEnd(i, null) + 1;
                }
                default -> {
                    if (SpecificationPart.isSpecification(l) && l.tokens().get(cls.at()).isName("interface")) {
                        reporter.error("unsupported-program-unit.interface-blocks-are", l.start(), l.end());
                        i = skipTo(i, "interface") + 1;
                    } else {
                        reporter.error("syntax-error.statement-outside-subroutine", l.start(), l.end(), "code",
                                src.excerpt(l.start(), l.end()));
                        i++;
                    }
                }
            }
        }
        danglingUnitDirectives(pending);
        if (module != null) {
            reporter.error("missing-end.module", src.text().length(), src.text().length(), "module", module);
        }
    }

    private void danglingUnitDirectives(List<LogicalLine> pending) {
        for (LogicalLine l : pending) {
            reporter.error("dangling-pragma.procedure", l.start(), l.end());
        }
    }

    private int procedure(int i, Classifier.Line cls, String module, List<LogicalLine> before) {
        LogicalLine l = lines.get(i);
        List<Token> t = l.tokens();
        int k = cls.at();
        while (k < t.size() && !t.get(k).isName("subroutine") && !t.get(k).isName("function")) {
            k++;
        }
        boolean isFunction = k < t.size() && t.get(k).isName("function");
        String what = isFunction ? "function" : "subroutine";
        int end = unitEnd(i, what);
        if (k + 1 >= t.size() || !t.get(k + 1).isName()) {
            reporter.error("syntax-error.expected-name", l.start(), l.end(), "what", what);
            return end + 1;
        }
        String name = t.get(k + 1).text();
        List<String> dummies = new ArrayList<>();
        if (k + 2 < t.size() && t.get(k + 2).isOp("(")) {
            for (int j = k + 3; j < t.size() && !t.get(j).isOp(")"); j++) {
                if (t.get(j).isName()) {
                    dummies.add(t.get(j).text());
                }
            }
        }
        if (index.procedure(name) != null) {
            reporter.error("duplicate-declaration.procedure-defined-twice", l.start(), l.end(), "name", name);
            return end + 1;
        }
        UnitIndex.Procedure p = new UnitIndex.Procedure(name, isFunction, dummies, module, i);
        p.end = end;
        index.addProcedure(p);
        order.add(p);
        parsers.add(new ProcedureParser(p, lines, before, reporter, index));
        checkEndName(end, what, name);
        return end + 1;
    }

    /** Index of the {@code end} that closes the unit opened at {@code i} (internal units nested). */
    private int unitEnd(int i, String what) {
        int depth = 0;
        for (int j = i + 1; j < lines.size(); j++) {
            LogicalLine l = lines.get(j);
            if (l.isDirective()) {
                continue;
            }
            Classifier.Line cls = Classifier.classify(l);
            switch (cls.kind()) {
                case SUBROUTINE, FUNCTION, PROGRAM -> depth++;
                case MODULE -> {
                    missingEnd(i, what);
                    return j - 1;
                }
                case END -> {
                    String w = cls.endWhat();
                    if (w.equals("module")) {
                        missingEnd(i, what);
                        return j - 1;
                    }
                    if (w.isEmpty() || w.equals("subroutine") || w.equals("function") || w.equals("program")
                            || w.equals("blockdata") || w.equals("submodule")) {
                        if (depth == 0) {
                            return j;
                        }
                        depth--;
                    }
                }
                default -> {
                }
            }
        }
        missingEnd(i, what);
        return lines.size();
    }

    private void missingEnd(int i, String what) {
        LogicalLine l = lines.get(i);
        if (what == null) {
            reporter.error("missing-end.unit", l.start(), l.end());
        } else {
            reporter.error("missing-end.procedure", l.start(), l.end(), "kind", what);
        }
    }

    private void checkEndName(int end, String what, String name) {
        if (end >= lines.size()) {
            return;
        }
        LogicalLine l = lines.get(end);
        Classifier.Line cls = Classifier.classify(l);
        if (cls.kind() != Classifier.Kind.END) {
            return; // the unit has no end statement: missingEnd reported it
        }
        if (!cls.endWhat().isEmpty() && !cls.endWhat().equals(what)) {
            reporter.error("mismatched-end.end-closes", l.start(), l.end(), "endWhat", cls.endWhat(), "what", what,
                    "name", name);
        }
        if (cls.endNameAt() < l.tokens().size()) {
            Token n = l.tokens().get(cls.endNameAt());
            if (!n.isName(name)) {
                reporter.error("mismatched-end.unit-name", n.start(), n.end(), "text", n.text(), "what", what, "name",
                        name);
            }
        }
    }

    private int skipTo(int i, String what) {
        for (int j = i + 1; j < lines.size(); j++) {
            Classifier.Line cls = Classifier.classify(lines.get(j));
            if (cls.kind() == Classifier.Kind.END && cls.endWhat().equals(what)) {
                return j;
            }
        }
        return lines.size();
    }

    // ---- modules ------------------------------------------------------------------------------

    private static String moduleName(LogicalLine l, Classifier.Line cls) {
        int k = cls.at() + 1;
        return k < l.tokens().size() ? l.tokens().get(k).text() : "";
    }

    /** Reads the specification part of a module; returns the index of its contains or end. */
    private int moduleSpecification(int i, String module) {
        index.addModule(module);
        Scope scope = new Scope(index);
        SpecificationPart spec = new SpecificationPart(scope, reporter, index.moduleSymbols(module), module);
        int j = spec.parse(lines, i + 1, lines.size());
        spec.build(List.of(), null);
        for (LogicalLine d : spec.functionDirectives) {
            reporter.error("misplaced-pragma.ad-annotation-module", d.start(), d.end());
        }
        while (j < lines.size()) {
            LogicalLine l = lines.get(j);
            Classifier.Line cls = Classifier.classify(l);
            if (cls.kind() == Classifier.Kind.CONTAINS || cls.kind() == Classifier.Kind.END) {
                return j;
            }
            if (cls.kind() == Classifier.Kind.SUBROUTINE || cls.kind() == Classifier.Kind.FUNCTION) {
                reporter.error("syntax-error.module-procedure-follow", l.start(), l.end());
                return j;
            }
            reporter.error("syntax-error.allowed-specification-part", l.start(), l.end(), "code",
                    src.excerpt(l.start(), l.end()), "module", module);
            j++;
        }
        return j;
    }

    private String closeModule(int i, String module) {
        if (i < lines.size()) {
            LogicalLine l = lines.get(i);
            Classifier.Line cls = Classifier.classify(l);
            if (cls.kind() == Classifier.Kind.END && cls.endNameAt() < l.tokens().size()
                    && !l.tokens().get(cls.endNameAt()).isName(module)) {
                Token n = l.tokens().get(cls.endNameAt());
                reporter.error("mismatched-end.module-name", n.start(), n.end(), "text", n.text(), "module", module);
            }
        }
        return null;
    }
}
