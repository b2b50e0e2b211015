import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.stencil.StencilOptions;

/**
 * Writes the adjoint variants the timing drivers include, for examples/stencil/NAME.c:
 * NAME_b.c (adjoint stencil, split), NAME_bgd.c (adjoint stencil, guarded, as NAME_bgd),
 * NAME_bc.c (the core's conventional adjoint: the parallel scatter with omp atomic; its
 * adjoint liveness already leaves out the primal's forward sweep, which the scatter never reads) and NAME_bser.c (the same of the primal without its OpenMP pragma: the serial
 * scatter), and prints how long generating the adjoint stencil takes warm.
 * Usage: java -cp CLASSPATH Generate.java REPO OUTDIR NAME...
 */
public class Generate {

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        for (int k = 2; k < args.length; k++) {
            generate(repo, out, args[k]);
        }
    }

    private static void generate(Path repo, Path out, String name) throws Exception {
        String file = name + ".c";
        ParseResult parsed = new CFrontEnd().parse(file, Files.readString(repo.resolve("examples/stencil/" + file)));
        if (parsed.hasErrors()) {
            throw new IllegalStateException(parsed.diagnostics().toString());
        }
        TranslationUnit unit = parsed.unit();
        FileResult split = adjointStencil(unit, null);
        FileResult guarded = adjointStencil(unit, StencilOptions.Strategy.GUARDED);
        Files.writeString(out.resolve(name + "_b.c"), split.text());
        Files.writeString(out.resolve(name + "_bgd.c"),
                CPrinter.printFile(List.of(renamed(guarded.functions().get(0), name + "_bgd"))));
        Files.writeString(out.resolve(name + "_bc.c"), CPrinter.printFile(List.of(
                renamed(withoutForwardSweep(conventional(unit, name)), name + "_bc"))));
        Function primal = unit.function(name).orElseThrow();
        List<Stmt> sequential = new ArrayList<>();
        for (Stmt s : primal.body().stmts()) {
            sequential.add(s instanceof For f ? f.withOmp(null) : s);
        }
        TranslationUnit serial = new TranslationUnit(unit.file(), unit.language(),
                List.of(primal.withBody(new Block(sequential))));
        Files.writeString(out.resolve(name + "_bser.c"), CPrinter.printFile(List.of(
                renamed(withoutForwardSweep(conventional(serial, name)), name + "_bser"))));
        for (int k = 0; k < 50; k++) {
            adjointStencil(unit, null);
        }
        long best = Long.MAX_VALUE;
        for (int k = 0; k < 20; k++) {
            long t0 = System.nanoTime();
            adjointStencil(unit, null);
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf("generation of %s_b.c (warm, best of 20): %.2f ms%n", name, best / 1e6);
    }

    /** The file {@code paradjoint differentiate} writes (without its marker line), with boundary strategy {@code s}. */
    private static FileResult adjointStencil(TranslationUnit unit, StencilOptions.Strategy s) {
        FileResult r = DerivativeFiles.derivatives(unit, Mode.REVERSE, GenerationSettings.defaults()
                .withRaceStrategy(RaceStrategy.ALL_ATOMIC).withStencilStrategy(s), ReductionLengths.none());
        if (r.hasErrors()) {
            throw new IllegalStateException(r.diagnostics().toString());
        }
        return r;
    }

    private static Function conventional(TranslationUnit unit, String name) {
        DiffResult r = Differentiator.differentiate(unit, name, Mode.REVERSE, DiffOptions.defaults());
        if (r.hasErrors()) {
            throw new IllegalStateException(r.diagnostics().toString());
        }
        return r.function();
    }

    /** The conventional adjoint, checked to be the scatter alone: one loop nest, the reverse sweep. */
    private static Function withoutForwardSweep(Function f) {
        long loops = f.body().stmts().stream().filter(s -> s instanceof For).count();
        if (loops != 1) {
            throw new IllegalStateException(f.name() + " has " + loops + " top-level loops, expected the scatter only");
        }
        return f;
    }

    private static Function renamed(Function f, String name) {
        return new Function(name, f.returnType(), f.params(), f.locals(), f.body(), f.pragmas(), f.isStatic(),
                f.comment(), f.range(), f.unusedParams());
    }
}
