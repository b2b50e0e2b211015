import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.separable.GeneratedFile;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * Generates what the torsion benchmark compares: the sparse gradient (torsion_ps.c, with the
 * dense vector forward variant, and the support file; in blocks/ the same with one block of rows
 * per elemental), and the reverse mode of the foundation
 * (torsion_b.c: torsion_f_b with f dependent, x independent); in rosenbrock/ the sparse gradient of the
 * chained Rosenbrock function (rosenbrock.c next to SOURCE). Usage: Generate SOURCE OUTDIR.
 */
public class Generate {
    public static void main(String[] args) throws Exception {
        Path source = Path.of(args[0]);
        Path out = Path.of(args[1]);
        ParseResult parsed = new CFrontEnd().parse(source.getFileName().toString(), Files.readString(source));
        if (parsed.hasErrors()) {
            throw new IllegalStateException(parsed.diagnostics().toString());
        }
        SeparableResult ps = SeparableDifferentiator.differentiate(parsed.unit(), "torsion_f",
                SeparableOptions.defaults().withDenseVariant(true));
        if (ps.hasErrors()) {
            throw new IllegalStateException(ps.diagnostics().toString());
        }
        for (GeneratedFile g : ps.files()) {
            Files.writeString(out.resolve(Path.of(g.name()).getFileName()), g.text());
        }
        // the compressed Jacobian with the colouring fixed at generation time, as before the direct assembly
        write(parsed, "torsion_f", SeparableOptions.defaults().withDenseVariant(true).withDirectAssembly(false),
                Files.createDirectories(out.resolve("compressed")));
        // the same with one block of rows per elemental, weighted at assembly (for comparison)
        SeparableResult blocks = SeparableDifferentiator.differentiate(parsed.unit(), "torsion_f",
                SeparableOptions.defaults().withDenseVariant(true).withWeightedRows(false));
        Path blocksDir = Files.createDirectories(out.resolve("blocks"));
        for (GeneratedFile g : blocks.files()) {
            Files.writeString(blocksDir.resolve(Path.of(g.name()).getFileName()), g.text());
        }
        DiffResult b = Differentiator.differentiate(parsed.unit(), "torsion_f", Mode.REVERSE,
                DiffOptions.defaults().withVariables(List.of("f"), List.of("x")));
        if (b.hasErrors()) {
            throw new IllegalStateException(b.diagnostics().toString());
        }
        Files.writeString(out.resolve("torsion_b.c"), CPrinter.printFile(List.of(b.function())));
        // the chained Rosenbrock function next to torsion, into rosenbrock/ (its colouring is fixed too)
        Path rosenbrock = source.resolveSibling("rosenbrock.c");
        ParseResult rp = new CFrontEnd().parse("rosenbrock.c", Files.readString(rosenbrock));
        SeparableResult rs = SeparableDifferentiator.differentiate(rp.unit(), "rosenbrock_f",
                SeparableOptions.defaults());
        if (rs.hasErrors()) {
            throw new IllegalStateException(rs.diagnostics().toString());
        }
        Path rosenbrockDir = Files.createDirectories(out.resolve("rosenbrock"));
        for (GeneratedFile g : rs.files()) {
            Files.writeString(rosenbrockDir.resolve(Path.of(g.name()).getFileName()), g.text());
        }
        write(rp, "rosenbrock_f", SeparableOptions.defaults().withDirectAssembly(false),
                Files.createDirectories(rosenbrockDir.resolve("compressed")));
        System.out.println("generated into " + out);
    }

    private static void write(ParseResult parsed, String function, SeparableOptions options, Path dir)
            throws Exception {
        SeparableResult r = SeparableDifferentiator.differentiate(parsed.unit(), function, options);
        if (r.hasErrors()) {
            throw new IllegalStateException(r.diagnostics().toString());
        }
        for (GeneratedFile g : r.files()) {
            Files.writeString(dir.resolve(Path.of(g.name()).getFileName()), g.text());
        }
    }
}
