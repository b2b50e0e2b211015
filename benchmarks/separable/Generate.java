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
 * (torsion_b.c: torsion_f_b with f dependent, x independent). Usage: Generate SOURCE OUTDIR.
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
        System.out.println("generated into " + out);
    }
}
