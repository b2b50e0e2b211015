package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;

/**
 * The specification part of a procedure or module: type declarations with their attributes,
 * {@code dimension}, {@code intent}, {@code parameter}, {@code implicit none} and {@code use}.
 * Entities are collected first and turned into IR variables at the end ({@link #build}, by
 * {@link DeclaredVariables}), scalars before arrays, so that extents may name any integer dummy.
 * Named constants are evaluated where they are declared and replace every later reference.
 */
final class SpecificationPart {

    /** One declared name, built up by the statements that mention it. */
    static final class Entity {
        final String name;
        final int start;
        int end;
        TypeSpec type;
        Scope.Intent intent = Scope.Intent.NONE;
        LogicalLine dimsLine;
        int dimsAt = -1;
        boolean constant;
        boolean assumedShape;

        Entity(String name, int start, int end) {
            this.name = name;
            this.start = start;
            this.end = end;
        }
    }

    private final Scope scope;
    private final Reporter reporter;
    private final ExprParser exprs;
    private final Map<String, Entity> entities = new LinkedHashMap<>();
    /** Where module constants go (null in a procedure). */
    private final Map<String, Scope.Symbol> moduleSymbols;
    private final String moduleName;
    final List<LogicalLine> functionDirectives = new ArrayList<>();
    boolean implicitNone;

    SpecificationPart(Scope scope, Reporter reporter, Map<String, Scope.Symbol> moduleSymbols, String moduleName) {
        this.scope = scope;
        this.reporter = reporter;
        this.exprs = new ExprParser(scope, reporter);
        this.moduleSymbols = moduleSymbols;
        this.moduleName = moduleName;
    }

    Entity entity(String name) {
        return entities.get(name);
    }

    /** Gives the function result its type from the prefix ({@code real(8) function f(x)}). */
    void typeResult(String name, TypeSpec type, Token at) {
        Entity e = entities.computeIfAbsent(name, k -> new Entity(k, at.start(), at.end()));
        if (e.type != null) {
            reporter.error("duplicate-declaration.result-typed-both", e.start, e.end, "name", name);
            return;
        }
        e.type = type;
    }

    ExprParser exprs() {
        return exprs;
    }

    /** Reads specification statements from {@code from}; returns the index of the first other line. */
    int parse(List<LogicalLine> lines, int from, int to) {
        int i = from;
        while (i < to) {
            LogicalLine l = lines.get(i);
            if (l.kind() == LogicalLine.Kind.AD) {
                int j = i;
                while (j < to && lines.get(j).isDirective()) {
                    j++;
                }
                if (j < to && isSpecification(lines.get(j))) {
                    functionDirectives.add(l);
                    i++;
                    continue;
                }
                return i;
            }
            if (!isSpecification(l)) {
                return i;
            }
            if (isInterface(l)) {
                reporter.error("unsupported-declaration.interface-blocks-are", l.start(), l.end());
                i = skipInterface(lines, i, to);
                continue;
            }
            try {
                statement(l, Classifier.classify(l));
            } catch (UnsupportedException e) {
                reporter.add(e.diagnostic());
            }
            i++;
        }
        return i;
    }

    private static boolean isInterface(LogicalLine l) {
        Classifier.Line cls = Classifier.classify(l);
        return cls.kind() == Classifier.Kind.SPECIFICATION && l.tokens().get(cls.at()).isName("interface");
    }

    private static int skipInterface(List<LogicalLine> lines, int i, int to) {
        for (int j = i + 1; j < to; j++) {
            Classifier.Line cls = Classifier.classify(lines.get(j));
            if (cls.kind() == Classifier.Kind.END && cls.endWhat().equals("interface")) {
                return j + 1;
            }
        }
        return to;
    }

    static boolean isSpecification(LogicalLine l) {
        if (l.kind() != LogicalLine.Kind.CODE) {
            return false;
        }
        Classifier.Kind k = Classifier.classify(l).kind();
        return k == Classifier.Kind.TYPE_DECLARATION || k == Classifier.Kind.SPECIFICATION
                || k == Classifier.Kind.IMPLICIT || k == Classifier.Kind.USE;
    }

    private void statement(LogicalLine l, Classifier.Line cls) {
        Cursor c = new Cursor(l, reporter.src(), cls.at());
        if (cls.label() != null) {
            reporter.error("unsupported-label.fortran", cls.label().start(), cls.label().end());
        }
        switch (cls.kind()) {
            case IMPLICIT -> {
                c.next();
                if (!c.peekName("none")) {
                    throw c.error("unsupported-implicit");
                }
                c.next();
                c.expectEnd("implicit none");
                implicitNone = true;
            }
            case USE -> use(c);
            case TYPE_DECLARATION -> typeDeclaration(c);
            default -> specification(c);
        }
    }

    // ---- use ----------------------------------------------------------------------------------

    private void use(Cursor c) {
        c.next();
        if (c.accept(",")) {
            c.expectName("'intrinsic' or 'non_intrinsic'");
            c.expect("::", "'::'");
        } else {
            c.accept("::");
        }
        Token m = c.expectName("a module name");
        switch (m.text()) {
            case "omp_lib" -> {
            }
            case "mpi" -> scope.useMpi(Scope.MpiInterface.MPI);
            case "mpi_f08" -> scope.useMpi(Scope.MpiInterface.MPI_F08);
            case "iso_fortran_env" -> {
                defineConstant("real32", new IntLit(4), TypeClass.INT);
                defineConstant("real64", new IntLit(8), TypeClass.INT);
                defineConstant("int32", new IntLit(4), TypeClass.INT);
                defineConstant("int64", new IntLit(8), TypeClass.INT);
            }
            default -> {
                if (!scope.unit().hasModule(m.text())) {
                    throw c.at(m, "unsupported-use", "text", m.text());
                }
                scope.seeModule(m.text());
            }
        }
    }

    // ---- type declarations --------------------------------------------------------------------

    private void typeDeclaration(Cursor c) {
        if (LockRoutines.acceptLockType(c)) {
            lockDeclaration(c);
            return;
        }
        String handle = scope.mpi() == null ? null : MpiDeclarations.acceptHandleType(c);
        if (handle != null && !handle.equals("MPI_Comm")) {
            mpiObjects(c, handle);
            return;
        }
        TypeSpec type = handle != null ? TypeSpec.MPI_COMM : TypeSpec.read(c, exprs);
        Scope.Intent intent = null;
        boolean parameter = false;
        int dimsAt = -1;
        boolean attributes = false;
        while (c.accept(",")) {
            attributes = true;
            Token a = c.expectName("an attribute");
            switch (a.text()) {
                case "intent" -> intent = intent(c);
                case "dimension" -> {
                    dimsAt = c.pos();
                    skipParens(c, "dimension");
                }
                case "parameter" -> parameter = true;
                case "target", "contiguous", "volatile", "asynchronous", "value", "public", "private", "protected" -> {
                }
                default -> throw attribute(c, a);
            }
        }
        if (attributes) {
            c.expect("::", "'::' after the attributes");
        } else {
            c.accept("::");
        }
        do {
            Token n = c.expectName("a variable name");
            if (scope.mpi() != null && MpiDeclarations.acceptStatusDimension(c)) {
                defineMpiObject(n, c, "MPI_Status");
                continue;
            }
            Entity e = declare(n, c);
            if (e.type != null) {
                throw c.at(n, "duplicate-declaration.declared-twice", "text", n.text());
            }
            e.type = type;
            if (intent != null) {
                e.intent = intent;
            }
            if (c.peekIs("(")) {
                e.dimsLine = c.line();
                e.dimsAt = c.pos();
                skipParens(c, n.text());
            } else if (dimsAt >= 0) {
                e.dimsLine = c.line();
                e.dimsAt = dimsAt;
            }
            if (c.peekIs("*")) {
                throw c.atNext("unsupported-type.character-length-supported");
            }
            e.end = c.prevEnd();
            if (c.peekIs("=>")) {
                throw c.atNext("unsupported-pointer.pointer-initialisation-supported");
            }
            if (c.accept("=")) {
                if (!parameter) {
                    throw c.between(n.start(), c.nextStart(), "unsupported-save.initialising-declaration-gives",
                            "text", n.text());
                }
                constant(e, c);
            } else if (parameter) {
                throw c.at(n, "syntax-error.parameter-needs-value", "text", n.text());
            }
        } while (c.accept(","));
        c.expectEnd("the declaration");
    }

    /**
     * The names after {@code type(MPI_Status)} or {@code type(MPI_Request)} (arrays of them
     * too): objects that MPI calls alone may name.
     */
    private void mpiObjects(Cursor c, String what) {
        while (!c.atEnd() && !c.peekIs("::")) {
            c.next(); // attributes (intent, dimension): the object is MPI's, whatever they say
        }
        c.accept("::");
        do {
            Token n = c.expectName("a variable name");
            if (c.peekIs("(")) {
                skipParens(c, n.text());
            }
            defineMpiObject(n, c, what);
        } while (c.accept(","));
        c.expectEnd("the declaration");
    }

    private void defineMpiObject(Token n, Cursor c, String what) {
        if (scope.definesLocally(n.text()) || entities.containsKey(n.text())) {
            throw c.at(n, "duplicate-declaration.declared-twice", "text", n.text());
        }
        scope.define(n.text(), new Scope.MpiObject(what));
    }

    /** The names after {@code integer(omp_lock_kind)}: locks, which the lock routines alone may name. */
    private void lockDeclaration(Cursor c) {
        c.accept("::");
        do {
            Token n = c.expectName("a lock name");
            if (scope.definesLocally(n.text()) || entities.containsKey(n.text())) {
                throw c.at(n, "duplicate-declaration.declared-twice", "text", n.text());
            }
            scope.define(n.text(), new Scope.Lock());
        } while (c.accept(","));
        c.expectEnd("the declaration");
    }

    private Entity declare(Token n, Cursor c) {
        return entities.computeIfAbsent(n.text(), k -> new Entity(k, n.start(), n.end()));
    }

    private Scope.Intent intent(Cursor c) {
        c.expect("(", "'(' after 'intent'");
        Token t = c.expectName("in, out or inout");
        Scope.Intent i = switch (t.text()) {
            case "in" -> c.peekName("out") ? null : Scope.Intent.IN;
            case "out" -> Scope.Intent.OUT;
            case "inout" -> Scope.Intent.INOUT;
            default -> throw c.at(t, "syntax-error.intent-out-inout");
        };
        if (i == null) {
            c.next();
            i = Scope.Intent.INOUT;
        }
        c.expect(")", "')' after the intent");
        return i;
    }

    private static void skipParens(Cursor c, String what) {
        if (!c.peekIs("(")) {
            throw c.atNext("syntax-error.expected-dimensions", "what", what);
        }
        int close = c.matching(c.pos());
        if (close < 0) {
            throw c.atNext("syntax-error.unbalanced-parentheses");
        }
        c.seek(close + 1);
    }

    private UnsupportedException attribute(Cursor c, Token a) {
        return switch (a.text()) {
            case "save" -> c.at(a, "unsupported-save.save-attribute-values");
            case "allocatable" -> c.at(a, "unsupported-allocate.allocatable-local");
            case "pointer" -> c.at(a, "unsupported-pointer.pointers-are-supported");
            default -> c.at(a, "unsupported-attribute", "text", a.text());
        };
    }

    // ---- named constants ----------------------------------------------------------------------

    private void constant(Entity e, Cursor c) {
        int start = c.nextStart();
        Expr v = ConstFold.fold(exprs.parse(c));
        e.constant = true;
        if (e.dimsAt >= 0) {
            throw c.between(e.start, c.prevEnd(), "unsupported-declaration.array-constant-supported", "constant",
                    e.name);
        }
        BaseType t = e.type.type();
        if (t.isFloating() && v instanceof IntLit l) {
            v = new RealLit(l.value(), null, l.range());
        } else if (t == BaseType.FLOAT && v instanceof RealLit l) {
            v = new RealLit((float) l.value(), null, l.range());
        } else if (t.isInteger() && !e.type.logical() && v instanceof RealLit) {
            throw c.between(start, c.prevEnd(), "unsupported-type.integer-constant-has", "constant", e.name);
        }
        defineConstant(e.name, v, e.type.logical() ? TypeClass.LOGICAL : t.isFloating() ? TypeClass.REAL
                : TypeClass.INT);
    }

    private void defineConstant(String name, Expr v, TypeClass type) {
        Scope.Constant k = new Scope.Constant(v, type);
        if (moduleSymbols != null) {
            moduleSymbols.put(name, k);
        }
        scope.define(name, k);
    }

    // ---- other specification statements -------------------------------------------------------

    private void specification(Cursor c) {
        Token w = c.next();
        switch (w.text()) {
            case "dimension" -> {
                c.accept("::");
                do {
                    Token n = c.expectName("an array name");
                    Entity e = declare(n, c);
                    e.dimsLine = c.line();
                    e.dimsAt = c.pos();
                    skipParens(c, n.text());
                } while (c.accept(","));
                c.expectEnd("the dimension statement");
            }
            case "intent" -> {
                Scope.Intent i = intent(c);
                c.accept("::");
                do {
                    declare(c.expectName("a dummy argument name"), c).intent = i;
                } while (c.accept(","));
                c.expectEnd("the intent statement");
            }
            case "parameter" -> {
                c.expect("(", "'(' after 'parameter'");
                do {
                    Token n = c.expectName("a constant name");
                    Entity e = entities.get(n.text());
                    if (e == null || e.type == null) {
                        throw c.at(n, "undeclared-variable.declare-type-before", "text", n.text());
                    }
                    c.expect("=", "'=' after the constant name");
                    constant(e, c);
                } while (c.accept(","));
                c.expect(")", "')' to close the parameter statement");
                c.expectEnd("the parameter statement");
            }
            case "target", "contiguous", "volatile", "asynchronous", "value", "public", "private", "protected",
                    "sequence" -> {
            }
            case "save" -> throw c.at(w, "unsupported-save.save-values-kept");
            case "common" -> throw c.error("unsupported-common");
            case "equivalence" -> throw c.error("unsupported-equivalence");
            case "data" -> throw c.error("unsupported-data");
            case "allocatable" -> throw c.error("unsupported-allocate.allocatable");
            case "pointer" -> throw c.error("unsupported-pointer.pointers-are-supported");
            default -> throw c.error("unsupported-declaration.statements-are-supported", "text", w.text());
        }
    }

    // ---- building the variables ---------------------------------------------------------------

    /** Names of the dummies declared with assumed shape ({@code (:)}, {@code (0:)}). */
    Set<String> assumedShape() {
        Set<String> out = new LinkedHashSet<>();
        entities.values().stream().filter(e -> e.assumedShape).forEach(e -> out.add(e.name));
        return out;
    }

    /** The IR variables of the collected entities (see {@link DeclaredVariables}). */
    DeclaredVariables.Built build(List<Token> dummies, Header header) {
        return new DeclaredVariables(scope, reporter, exprs, moduleSymbols, moduleName).build(entities, dummies,
                header);
    }
}
