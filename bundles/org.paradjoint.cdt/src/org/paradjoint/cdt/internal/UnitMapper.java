package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTPreprocessorPragmaStatement;
import org.eclipse.cdt.core.dom.ast.IASTPreprocessorStatement;
import org.eclipse.cdt.core.dom.ast.IASTProblem;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTSimpleTypeTemplateParameter;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTTemplateDeclaration;
import org.eclipse.cdt.core.dom.ast.cpp.ICPPASTTemplateParameter;
import org.eclipse.cdt.core.parser.IProblem;
import org.paradjoint.cdt.internal.PragmaSyntax.Site;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;

/**
 * One file: parse with CDT, report its syntax problems, collect pragmas, globals and function
 * names, and map every function definition (for a differentiation, those it can reach). The unit
 * holds the functions that mapped without error; any error makes {@link ParseResult#hasErrors()}
 * true, and then no code may be generated.
 */
public final class UnitMapper {
    private final Map<String, String> macros;
    /** Kokkos C++ (CDT's C++ parser, Views and kernels) instead of C. */
    private final boolean kokkos;

    public UnitMapper(Map<String, String> macros) {
        this(macros, false);
    }

    public UnitMapper(Map<String, String> macros, boolean kokkos) {
        this.macros = Map.copyOf(macros);
        this.kokkos = kokkos;
    }

    /**
     * The function definition a top-level declaration is or, for a function template, wraps;
     * other declarations are returned as they are.
     */
    static IASTDeclaration definitionIn(IASTDeclaration d) {
        return d instanceof ICPPASTTemplateDeclaration t && t.getDeclaration() instanceof IASTFunctionDefinition def
                ? def : d;
    }

    /** The names of the type parameters of a function template ({@code template <typename V>}). */
    private static Set<String> typeParameters(IASTDeclaration d) {
        Set<String> names = new HashSet<>();
        if (d instanceof ICPPASTTemplateDeclaration t) {
            for (ICPPASTTemplateParameter p : t.getTemplateParameters()) {
                if (p instanceof ICPPASTSimpleTypeTemplateParameter st) {
                    names.add(st.getName().toString());
                }
            }
        }
        return names;
    }

    /** Maps every function definition of the file. */
    public ParseResult map(String fileName, String text) {
        return map(fileName, text, null);
    }

    /**
     * Maps only the functions a differentiation can reach ({@link NeededFunctions}: annotated,
     * in {@code named}, or called by those); the others are listed as definitions, unchecked.
     * Syntax, preprocessor and pragma errors are still reported for the whole file.
     */
    public ParseResult mapFor(String fileName, String text, Set<String> named) {
        return map(fileName, text, Set.copyOf(named));
    }

    /** {@code named} null: every function. */
    private ParseResult map(String fileName, String text, Set<String> named) {
        SourceText src = new SourceText(fileName, text);
        Reporter reporter = new Reporter();
        IASTTranslationUnit tu;
        try {
            tu = kokkos ? CdtParser.parseCpp(fileName, text, macros) : CdtParser.parse(fileName, text, macros);
        } catch (RuntimeException e) {
            return new ParseResult(null, List.of(Diagnostic.error("internal-error.cdt-parser-failed", src.range(0, 0),
                    "file", e)));
        }
        List<Integer> problemOffsets = problems(tu, src, reporter);

        Map<String, SourceRange> globals = new HashMap<>();
        Set<String> functionNames = new HashSet<>();
        List<IASTFunctionDefinition> defs = new ArrayList<>();
        Map<IASTFunctionDefinition, Set<String>> templateTypes = new HashMap<>();
        for (IASTDeclaration top : tu.getDeclarations()) {
            IASTDeclaration d = definitionIn(top);
            if (d instanceof IASTFunctionDefinition def) {
                defs.add(def);
                templateTypes.put(def, typeParameters(top));
                functionNames.add(def.getDeclarator().getName().toString());
            } else if (d instanceof IASTSimpleDeclaration sd) {
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    String name = innermost(declarator).getName().toString();
                    if (declarator instanceof IASTFunctionDeclarator) {
                        functionNames.add(name);
                    } else if (sd.getDeclSpecifier().getStorageClass() != IASTDeclSpecifier.sc_typedef) {
                        globals.put(name, src.range(declarator));
                    }
                }
            }
        }

        PragmaPlacement placement = new PragmaPlacement(tu, defs);
        for (Site site : pragmas(tu, src, reporter)) {
            placement.place(site, reporter);
        }
        Map<IASTFunctionDefinition, List<Site>> before = placement.before();
        Map<IASTFunctionDefinition, List<Site>> inside = placement.inside();
        Set<IASTFunctionDefinition> mapped = named == null ? Set.copyOf(defs)
                : NeededFunctions.of(defs, before, inside, named);

        FunctionMapper mapper = new FunctionMapper(src, reporter, globals, functionNames, macros, kokkos);
        List<Function> functions = new ArrayList<>();
        List<TranslationUnit.Definition> definitions = new ArrayList<>();
        int[] problemsAt = problemOffsets.stream().mapToInt(Integer::intValue).sorted().toArray();
        for (IASTFunctionDefinition def : defs) {
            definitions.add(new TranslationUnit.Definition(def.getDeclarator().getName().toString(), src.range(def)));
            if (!mapped.contains(def)) {
                continue;
            }
            boolean hasProblems = anyWithin(problemsAt, FunctionContext.start(def), FunctionContext.end(def));
            try {
                Function f = mapper.map(def, before.get(def), inside.get(def), hasProblems, templateTypes.get(def));
                if (f != null) {
                    functions.add(f);
                }
            } catch (RuntimeException e) {
                reporter.report(Diagnostic.error("internal-error.internal-error-c", src.range(def), "declarator",
                        def.getDeclarator().getName(), "exception", e));
            }
        }
        TranslationUnit.Language language = kokkos ? TranslationUnit.Language.KOKKOS : TranslationUnit.Language.C;
        return new ParseResult(new TranslationUnit(fileName, language, functions, definitions),
                reporter.sorted());
    }

    /** Whether some of the ascending {@code offsets} lies in [start, end). */
    private static boolean anyWithin(int[] offsets, int start, int end) {
        int k = Arrays.binarySearch(offsets, start);
        int first = k >= 0 ? k : -k - 1;
        while (first > 0 && offsets[first - 1] == start) {
            first--;
        }
        return first < offsets.length && offsets[first] < end;
    }

    private static IASTDeclarator innermost(IASTDeclarator d) {
        IASTDeclarator cur = d;
        while (cur.getNestedDeclarator() != null) {
            cur = cur.getNestedDeclarator();
        }
        return cur;
    }

    /** Reports every syntax and preprocessor problem; returns the offsets of the syntax problems. */
    private static List<Integer> problems(IASTTranslationUnit tu, SourceText src, Reporter reporter) {
        for (IASTProblem p : tu.getPreprocessorProblems()) {
            if (p.getID() == IProblem.PREPROCESSOR_INCLUSION_NOT_FOUND) {
                continue;
            }
            if (p.getID() == IProblem.PREPROCESSOR_POUND_WARNING) {
                reporter.report(Diagnostic.warning("preprocessor-warning", src.range(p), "text", p.getMessage()));
            } else {
                reporter.report(Diagnostic.error("preprocessor-error", src.range(p), "reason", p.getMessage()));
            }
        }
        List<Integer> offsets = new ArrayList<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitProblems = true;
            }

            @Override
            public int visit(IASTProblem p) {
                IASTFileLocation loc = p.getFileLocation();
                if (loc != null) {
                    offsets.add(loc.getNodeOffset());
                }
                reporter.report(Diagnostic.error("syntax-error.syntax-error-parse", src.range(p), "code",
                        SourceText.excerpt(p)));
                return PROCESS_CONTINUE;
            }
        });
        return offsets;
    }

    /** The pragmas of the file that are ours ({@code ad}, {@code $adic...}, {@code omp}), parsed. */
    private static List<Site> pragmas(IASTTranslationUnit tu, SourceText src, Reporter reporter) {
        List<Site> sites = new ArrayList<>();
        for (IASTPreprocessorStatement ps : tu.getAllPreprocessorStatements()) {
            if (!(ps instanceof IASTPreprocessorPragmaStatement pragma) || !ps.isActive()) {
                continue;
            }
            IASTFileLocation loc = ps.getFileLocation();
            if (loc == null) {
                continue;
            }
            int offset = loc.getNodeOffset();
            int length = loc.getNodeLength();
            String raw = src.text().substring(offset, Math.min(src.text().length(), offset + length));
            String body;
            int bodyOffset;
            if (pragma.isPragmaOperator()) {
                // _Pragma("..."): CDT's message and length are unreliable here; read the string literal
                raw = src.text().substring(offset, Math.min(src.text().length(), offset + 4096));
                int open = raw.indexOf('"');
                int close = open < 0 ? -1 : closingQuote(raw, open + 1);
                if (close < 0) {
                    continue;
                }
                body = raw.substring(open + 1, close).replace("\\\"", "\"").replace("\\\\", "\\");
                bodyOffset = offset + open + 1;
                int paren = raw.indexOf(')', close);
                length = (paren < 0 ? close : paren) + 1;
            } else {
                int k = raw.indexOf("pragma");
                if (k < 0) {
                    continue;
                }
                body = raw.substring(k + "pragma".length());
                bodyOffset = offset + k + "pragma".length();
            }
            try {
                Object content = PragmaParser.parse(src, body, bodyOffset);
                if (content != null) {
                    String spelling = body.replaceAll("\\\\\\r?\\n", " ").replaceAll("\\s+", " ").strip();
                    sites.add(new Site(offset, length, src.range(offset, length), spelling, content));
                }
            } catch (UnsupportedException e) {
                reporter.report(e.diagnostic());
                sites.add(new Site(offset, length, src.range(offset, length), body.strip(), new PragmaSyntax.Broken()));
            }
        }
        sites.sort((a, b) -> Integer.compare(a.offset(), b.offset()));
        return sites;
    }

    private static int closingQuote(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                i++;
            } else if (s.charAt(i) == '"') {
                return i;
            }
        }
        return -1;
    }
}
