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
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;

/**
 * One file: parse with CDT (C with its includes read, {@link CdtParser#parseFile}), report its
 * syntax problems and missing includes, collect pragmas, globals and function names, and map
 * every function definition of the file (for a differentiation, those it can reach) and the
 * helpers of the user's headers that they call. The unit holds the functions that mapped without
 * error; any error makes {@link ParseResult#hasErrors()} true, and then no code may be generated.
 */
public final class UnitMapper {
    /** The user's include folders and macros; Kokkos C++ is parsed without includes and uses only the macros. */
    private final Preprocessor preprocessor;
    /** Kokkos C++ (CDT's C++ parser, Views and kernels) instead of C. */
    private final boolean kokkos;

    public UnitMapper(Preprocessor preprocessor) {
        this(preprocessor, false);
    }

    /** Kokkos C++ ({@code kokkos}) or C with {@code macros} predefined and no include folders of the user's. */
    public UnitMapper(Map<String, String> macros, boolean kokkos) {
        this(new Preprocessor(List.of(), macros), kokkos);
    }

    public UnitMapper(Preprocessor preprocessor, boolean kokkos) {
        this.preprocessor = preprocessor;
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

    /** {@code named} null: every function of the file (and the helpers of its headers that they call). */
    private ParseResult map(String fileName, String text, Set<String> named) {
        Reporter reporter = new Reporter();
        IASTTranslationUnit tu;
        SourceText src;
        SystemHeaders.Found system;
        try {
            if (kokkos) {
                tu = CdtParser.parseCpp(fileName, text, preprocessor.macros());
                src = new SourceText(fileName, text);
                system = null;
            } else {
                CdtParser.Parsed parsed = CdtParser.parseFile(fileName, text, preprocessor);
                tu = parsed.tu();
                src = new SourceText(fileName, text, parsed.path(), parsed.headers());
                system = parsed.system();
            }
        } catch (RuntimeException e) {
            return new ParseResult(null, List.of(Diagnostic.error("internal-error.cdt-parser-failed",
                    new SourceText(fileName, text).range(0, 0), "file", e)));
        }
        Origins origins = new Origins(src, system);
        if (!kokkos) {
            // Kokkos C++ is parsed without its includes on purpose (no Kokkos header is needed)
            new Includes(src, origins, preprocessor).report(tu, reporter);
        }
        Map<String, int[]> problemsAt = problems(tu, src, origins, reporter);

        Set<String> globals = new HashSet<>();
        Set<String> functionNames = new HashSet<>();
        List<IASTDeclaration> declarations = new ArrayList<>();
        List<IASTFunctionDefinition> defs = new ArrayList<>();
        List<IASTFunctionDefinition> headerDefs = new ArrayList<>();
        Map<IASTFunctionDefinition, Set<String>> templateTypes = new HashMap<>();
        for (IASTDeclaration top : tu.getDeclarations()) {
            IASTDeclaration d = definitionIn(top);
            Origins.Origin origin = origins.of(top);
            if (origin == Origins.Origin.FILE) {
                declarations.add(top);
            }
            if (d instanceof IASTFunctionDefinition def) {
                functionNames.add(def.getDeclarator().getName().toString());
                if (origin != Origins.Origin.SYSTEM_HEADER) {
                    (origin == Origins.Origin.FILE ? defs : headerDefs).add(def);
                    templateTypes.put(def, typeParameters(top));
                }
            } else if (d instanceof IASTSimpleDeclaration sd) {
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    String name = innermost(declarator).getName().toString();
                    if (declarator instanceof IASTFunctionDeclarator) {
                        functionNames.add(name);
                    } else if (sd.getDeclSpecifier().getStorageClass() != IASTDeclSpecifier.sc_typedef) {
                        globals.add(name);
                    }
                }
            }
        }

        PragmaPlacement placement = new PragmaPlacement(declarations, defs);
        for (Site site : pragmas(tu, src, reporter)) {
            placement.place(site, reporter);
        }
        Map<IASTFunctionDefinition, List<Site>> before = placement.before();
        Map<IASTFunctionDefinition, List<Site>> inside = placement.inside();
        Set<IASTFunctionDefinition> mapped = NeededFunctions.of(defs, headerDefs, before, inside, named);

        List<IASTFunctionDefinition> all = new ArrayList<>(defs);
        all.addAll(headerDefs);
        FunctionMapper mapper = new FunctionMapper(src, reporter, globals, functionNames, preprocessor.macros(),
                kokkos, new StructMembers(src, all));
        List<Function> functions = new ArrayList<>();
        List<TranslationUnit.Definition> definitions = new ArrayList<>();
        for (IASTFunctionDefinition def : all) {
            definitions.add(new TranslationUnit.Definition(def.getDeclarator().getName().toString(), src.range(def)));
            if (!mapped.contains(def)) {
                continue;
            }
            int[] offsets = problemsAt.getOrDefault(def.getFileLocation().getFileName(), new int[0]);
            boolean hasProblems = anyWithin(offsets, FunctionContext.start(def), FunctionContext.end(def));
            try {
                Function f = mapper.map(def, before.getOrDefault(def, List.of()), inside.getOrDefault(def, List.of()),
                        hasProblems, templateTypes.get(def));
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

    /**
     * Reports every syntax and preprocessor problem of the file and of the user's headers (those of
     * the system headers are CDT's, not the user's: gcc reads them); returns the ascending offsets
     * of the syntax problems, by the path CDT knows their file by. Missing includes are
     * {@link Includes}' to report.
     */
    private static Map<String, int[]> problems(IASTTranslationUnit tu, SourceText src, Origins origins,
            Reporter reporter) {
        for (IASTProblem p : tu.getPreprocessorProblems()) {
            if (p.getID() == IProblem.PREPROCESSOR_INCLUSION_NOT_FOUND
                    || origins.of(p) == Origins.Origin.SYSTEM_HEADER) {
                continue;
            }
            if (p.getID() == IProblem.PREPROCESSOR_POUND_WARNING) {
                reporter.report(Diagnostic.warning("preprocessor-warning", src.range(p), "text", p.getMessage()));
            } else {
                reporter.report(Diagnostic.error("preprocessor-error", src.range(p), "reason", p.getMessage()));
            }
        }
        Map<String, List<Integer>> offsets = new HashMap<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitProblems = true;
            }

            @Override
            public int visit(IASTProblem p) {
                IASTFileLocation loc = p.getFileLocation();
                if (origins.of(p) == Origins.Origin.SYSTEM_HEADER) {
                    return PROCESS_CONTINUE;
                }
                if (loc != null) {
                    offsets.computeIfAbsent(loc.getFileName(), f -> new ArrayList<>()).add(loc.getNodeOffset());
                }
                reporter.report(Diagnostic.error("syntax-error.syntax-error-parse", src.range(p), "code",
                        SourceText.excerpt(p)));
                return PROCESS_CONTINUE;
            }
        });
        Map<String, int[]> sorted = new HashMap<>();
        offsets.forEach((file, list) -> sorted.put(file, list.stream().mapToInt(Integer::intValue).sorted().toArray()));
        return sorted;
    }

    /** The pragmas of the file that are ours ({@code ad}, {@code $adic...}, {@code omp}), parsed. */
    private static List<Site> pragmas(IASTTranslationUnit tu, SourceText src, Reporter reporter) {
        List<Site> sites = new ArrayList<>();
        for (IASTPreprocessorStatement ps : tu.getAllPreprocessorStatements()) {
            if (!(ps instanceof IASTPreprocessorPragmaStatement pragma) || !ps.isActive()) {
                continue;
            }
            IASTFileLocation loc = ps.getFileLocation();
            if (loc == null || !src.isOfThisFile(loc)) {
                continue; // the pragmas of headers annotate nothing of this file
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
