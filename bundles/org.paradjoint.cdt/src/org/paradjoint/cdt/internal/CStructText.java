package org.paradjoint.cdt.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IEnumeration;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IFunctionType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IValue;

/**
 * The C definition of a struct, spelled from CDT's resolved types: every member in the user's
 * order, typedefs resolved, macros in array sizes evaluated, so that a generated file can declare
 * the struct with the layout of the user's without including the user's headers (which may need
 * include paths or define other things). What does not change the layout is simplified: pointers
 * to functions become {@code void (*)(void)}, pointers to structs without a tag {@code void *},
 * enumerations {@code int} (gcc's representation of an enumeration whose values fit one),
 * qualifiers are dropped. Each definition sits inside an include guard of its own: two generated
 * files that define the same struct can be included into one unit (the check driver does).
 */
final class CStructText {

    /** Definitions of structs nested by value, keyed by how C names them, before the outer one. */
    private final Map<String, String> nested = new LinkedHashMap<>();

    private CStructText() {
    }

    /** The guarded definition of {@code struct}, named {@code typeText} ({@code grid_t} or {@code struct grid}). */
    static String definition(ICompositeType struct, String typeText) {
        CStructText t = new CStructText();
        String members = t.members(struct);
        String tag = struct.getName();
        String text;
        if (typeText.startsWith("struct ")) {
            text = "struct " + tag + " {\n" + members + "};\n";
        } else {
            text = "typedef struct " + (tag.isEmpty() ? "" : tag + " ") + "{\n" + members + "} " + typeText + ";\n";
        }
        StringBuilder sb = new StringBuilder();
        t.nested.forEach((name, def) -> sb.append(guarded(name, def)));
        sb.append(guarded(typeText, text));
        return sb.toString();
    }

    private static String guarded(String typeText, String text) {
        String macro = "PA_STRUCT_" + typeText.replace("struct ", "tag_").replaceAll("[^A-Za-z0-9_]", "_");
        return "#ifndef " + macro + "\n#define " + macro + "\n" + text + "#endif\n";
    }

    private String members(ICompositeType c) {
        StringBuilder sb = new StringBuilder();
        for (IField f : c.getFields()) {
            sb.append("    ").append(declare(f.getType(), f.getName())).append(";\n");
        }
        return sb.toString();
    }

    /** A declaration of {@code declarator} with type {@code t}: {@code double *u}, {@code int v[4][5]}. */
    private String declare(IType t, String declarator) {
        IType s = CTypes.strip(t);
        if (s instanceof IBasicType b) {
            return basic(b) + " " + declarator;
        }
        if (s instanceof IPointerType p) {
            IType to = CTypes.strip(p.getType());
            if (to instanceof IFunctionType) {
                return "void (*" + declarator + ")(void)";
            }
            if (to instanceof ICompositeType c && c.getName().isEmpty()) {
                return "void *" + declarator;
            }
            if (to instanceof ICompositeType c) {
                return keyword(c) + " " + c.getName() + " *" + declarator; // an incomplete type is enough
            }
            return declare(to, to instanceof IArrayType ? "(*" + declarator + ")" : "*" + declarator);
        }
        if (s instanceof IArrayType a) {
            IValue size = a.getSize();
            Number n = size == null ? null : size.numberValue();
            return declare(a.getType(), declarator + "[" + (n == null ? "" : n.longValue()) + "]");
        }
        if (s instanceof ICompositeType c) {
            if (c.getName().isEmpty()) {
                String inner = members(c).lines().map(l -> "    " + l + "\n").collect(Collectors.joining());
                return keyword(c) + " {\n" + inner + "    } " + declarator;
            }
            String name = keyword(c) + " " + c.getName();
            if (!nested.containsKey(name)) {
                // its own nested structs first (a struct cannot contain itself by value: no cycle)
                String members = members(c);
                nested.put(name, name + " {\n" + members + "};\n");
            }
            return name + " " + declarator;
        }
        if (s instanceof IEnumeration) {
            return "int " + declarator;
        }
        return "void *" + declarator; // not reached by C's types; keeps a pointer's size
    }

    private static String keyword(ICompositeType c) {
        return c.getKey() == ICompositeType.k_union ? "union" : "struct";
    }

    private static String basic(IBasicType b) {
        String base = switch (b.getKind()) {
            case eChar -> "char";
            case eFloat -> "float";
            case eDouble -> "double";
            case eBoolean -> "_Bool";
            case eVoid -> "void";
            default -> b.isShort() ? "short" : b.isLongLong() ? "long long" : b.isLong() ? "long" : "int";
        };
        if (b.getKind() == IBasicType.Kind.eDouble && b.isLong()) {
            base = "long double";
        }
        if (b.isUnsigned()) {
            return "unsigned " + base;
        }
        return b.isSigned() && b.getKind() == IBasicType.Kind.eChar ? "signed char" : base;
    }
}
