package org.paradjoint.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CheckSpecParserTest {

    private static String error(String... args) {
        return assertThrows(CheckSpecException.class, () -> CheckSpecParser.parse(List.of(args))).getMessage();
    }

    @Test
    void defaults() {
        CheckSpec s = CheckSpecParser.parse(List.of());
        assertEquals(CheckSpec.defaults(), s);
        assertEquals(1e-6, s.fdStep());
        assertEquals(1e-12, s.tolDot());
        assertEquals(1e-6, s.tolFd());
        assertEquals(0.5, s.rangeLo());
        assertEquals(1.5, s.rangeHi());
        assertEquals(List.of(), s.toArguments());
    }

    @Test
    void everyOption() {
        CheckSpec s = CheckSpec.parse("--set", "n=40", "--set=ng=3", "--extent", "x=n+8", "--index", "c=perm:n",
                "--index", "mss=perm:4*ng", "--index", "flip=range:0:ng", "--index", "ia=ascending:0:(n + 1) / 2",
                "--seed", "-3", "--fd-step", "1e-5", "--tol-dot=1e-11", "--tol-fd", "2e-6", "--range", "-1:1");
        assertEquals(40L, s.sets().get("n").eval(Map.of()));
        assertEquals(3L, s.sets().get("ng").eval(Map.of()));
        assertEquals(48L, s.extents().get("x").eval(Map.of("n", 40L)));
        assertEquals(new IndexFill.Perm(new IntExpr.Name("n")), s.indices().get("c"));
        assertEquals("perm:4 * ng", s.indices().get("mss").spelling());
        assertEquals("range:0:ng", s.indices().get("flip").spelling());
        assertEquals("ascending:0:(n + 1) / 2", s.indices().get("ia").spelling());
        assertEquals(-3, s.seed());
        assertEquals(1e-5, s.fdStep());
        assertEquals(1e-11, s.tolDot());
        assertEquals(2e-6, s.tolFd());
        assertEquals(-1.0, s.rangeLo());
        assertEquals(1.0, s.rangeHi());
        assertEquals(List.of("n", "ng"), List.copyOf(s.sets().keySet()));
    }

    @Test
    void argumentsRoundTrip() {
        CheckSpec s = CheckSpec.parse("--set", "ng=6", "--index", "mss=perm:4*ng", "--extent", "cl=4*ng",
                "--seed", "9", "--range", "0.25:0.75");
        assertEquals(List.of("--set", "ng=6", "--extent", "cl=4*ng", "--index", "mss=perm:4*ng", "--seed", "9",
                "--range", "0.25:0.75"), s.toArguments());
        assertEquals(s, CheckSpecParser.parse(s.toArguments()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "n + 8 | 48",
        "4*ng | 12",
        "(n+2)*(n-2) | 1596",
        "-n + 1 | -39",
        "n / 3 * 3 + n % 3 | 40",
        "7 - 2 - 1 | 4",
        "2 * -ng | -6",
    })
    void integerExpressions(String text, long value) {
        IntExpr e = IntExpr.parse(text);
        Map<String, Long> env = Map.of("n", 40L, "ng", 3L);
        assertEquals(value, e.eval(env));
        assertEquals(value, IntExpr.parse(e.toC()).eval(env), "printing keeps the meaning: " + e.toC());
    }

    @Test
    void integerExpressionErrorsSayWhere() {
        assertEquals("in 'n+' at column 3: expected a number, a name or '(' at the end",
                assertThrows(IllegalArgumentException.class, () -> IntExpr.parse("n+")).getMessage());
        assertEquals("in '(n' at column 3: expected ')'",
                assertThrows(IllegalArgumentException.class, () -> IntExpr.parse("(n")).getMessage());
        assertEquals("in 'n 8' at column 3: unexpected '8'",
                assertThrows(IllegalArgumentException.class, () -> IntExpr.parse("n 8")).getMessage());
        assertEquals("unknown name 'm'",
                assertThrows(IllegalArgumentException.class, () -> IntExpr.parse("m").eval(Map.of())).getMessage());
        assertEquals("division by zero",
                assertThrows(IllegalArgumentException.class, () -> IntExpr.parse("1/(n-n)").eval(Map.of("n", 2L)))
                        .getMessage());
    }

    @Test
    void clearErrors() {
        assertEquals("unknown option '--sett' (see --help)", error("--sett", "n=3"));
        assertEquals("--set needs a value (see --help)", error("--set"));
        assertEquals("--set needs a value (see --help)", error("--set", "--seed", "3"));
        assertEquals("--set expects NAME=EXPR, got 'n40'", error("--set", "n40"));
        assertEquals("--index expects NAME=FILL, got 'c'", error("--index", "c"));
        assertEquals("--set: '2n' is not a C identifier", error("--set", "2n=3"));
        assertEquals("--set n is given twice", error("--set", "n=3", "--set", "n=4"));
        assertEquals("--extent x=n+: in 'n+' at column 3: expected a number, a name or '(' at the end",
                error("--extent", "x=n+"));
        assertEquals("--index c=shuffle:4: unknown fill 'shuffle'; use perm:N, range:LO:HI or ascending:LO:HI",
                error("--index", "c=shuffle:4"));
        assertEquals("--index c=range:4: 'range' takes 2 arguments separated by ':' (range:LO:HI), got 'range:4'",
                error("--index", "c=range:4"));
        assertEquals("--index c=perm:1:2: 'perm' takes 1 argument separated by ':' (perm:N), got 'perm:1:2'",
                error("--index", "c=perm:1:2"));
        assertEquals("--seed expects an integer, got 'x'", error("--seed", "x"));
        assertEquals("--fd-step must be positive, got 0", error("--fd-step", "0"));
        assertEquals("--tol-fd expects a number, got 'tight'", error("--tol-fd", "tight"));
        assertEquals("--range expects LO:HI, got '1'", error("--range", "1"));
        assertEquals("--range needs LO < HI, got '2:1'", error("--range", "2:1"));
        assertEquals("unexpected argument 'foo.c' (options start with --)", error("foo.c"));
        assertEquals("unknown option '--function' (see --help)", error("--function", "f"));
    }

    @Test
    void commandLine() {
        var c = CheckSpecParser.parseCommand(List.of("examples/formad/indirect.c", "--function", "indirect",
                "--set", "n=50", "--index", "c=perm:n", "--extent", "x=n+8"));
        assertEquals("examples/formad/indirect.c", c.file());
        assertEquals("indirect", c.function());
        assertNull(c.output());
        assertFalse(c.help());
        assertEquals(3, c.spec().toArguments().size() / 2);
        assertTrue(CheckSpecParser.parseCommand(List.of("--help")).help());
        assertEquals("missing FILE (usage: paradjoint check FILE --function NAME [options])",
                assertThrows(CheckSpecException.class, () -> CheckSpecParser.parseCommand(List.of("--function", "f")))
                        .getMessage());
        assertEquals("more than one FILE: 'a.c' and 'b.c'", assertThrows(CheckSpecException.class,
                () -> CheckSpecParser.parseCommand(List.of("a.c", "b.c"))).getMessage());
    }

    @Test
    void helpMentionsEveryOptionAndDefault() {
        for (String opt : List.of("--function", "--set", "--extent", "--index", "perm:N", "range:LO:HI",
                "ascending:LO:HI", "--seed", "--fd-step", "--tol-dot", "--tol-fd", "--range", "default 10",
                "1.0E-12", "0.5:1.5", "-Werror")) {
            assertTrue(CheckSpecParser.HELP.contains(opt), opt);
        }
    }
}
