package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.FortranUnit;

/** Parsing snippets in tests: the file is always {@code t.f90}. */
final class Fortran {

    static final String FILE = "t.f90";

    private Fortran() {
    }

    static FortranUnit parseUnit(String source) {
        return new FortranFrontEnd().parseUnit(FILE, source);
    }

    static ParseResult parse(String source) {
        return parseUnit(source).result();
    }

    /** The unit of error-free source (warnings allowed). */
    static TranslationUnit ok(String source) {
        ParseResult r = parse(source);
        List<Diagnostic> errors = r.diagnostics().stream().filter(Diagnostic::isError).toList();
        if (!errors.isEmpty()) {
            fail("unexpected errors: " + errors);
        }
        assertFalse(r.hasErrors());
        return r.unit();
    }

    /** The only (or first) procedure of error-free source. */
    static Function fn(String source) {
        TranslationUnit u = ok(source);
        assertFalse(u.functions().isEmpty(), "no procedure");
        return u.functions().get(0);
    }

    /** The statements of the only procedure, wrapped in a subroutine with the given declarations. */
    static List<Stmt> body(String declarations, String statements) {
        return fn("subroutine s(n, x, y, a, k)\n  implicit none\n  integer, intent(in) :: n\n"
                + "  real(8), intent(in) :: x(n)\n  real(8), intent(inout) :: y(n)\n  real(8) :: a\n"
                + "  integer :: k\n" + declarations + "\n" + statements + "\nend subroutine s\n").body().stmts();
    }

    static Variable var(Function f, String name) {
        return f.lookup(name).orElseThrow(() -> new AssertionError("no variable " + name));
    }

    /** Asserts an error with this code at line:column whose message mentions every fragment. */
    static Diagnostic error(String source, String code, int line, int column, String... mentions) {
        ParseResult r = parse(source);
        assertTrue(r.hasErrors(), "expected errors, got " + r.diagnostics());
        List<Diagnostic> withCode = r.diagnostics().stream().filter(d -> d.code().equals(code)).toList();
        if (withCode.isEmpty()) {
            fail("no '" + code + "' in " + r.diagnostics());
        }
        Diagnostic d = withCode.get(0);
        assertTrue(d.isError(), d::toString);
        assertEquals(line + ":" + column, d.range().line() + ":" + d.range().column(), d::toString);
        assertEquals(FILE, d.range().file());
        for (String m : mentions) {
            assertTrue(d.message().contains(m), () -> "message lacks '" + m + "': " + d.message());
        }
        return d;
    }
}
