package org.paradjoint.cdt.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.StructParameter.Passing;

/**
 * Which members of a struct-pointer parameter a function of the unit uses, and how each reaches
 * the flattened function ({@link org.paradjoint.core.ir.StructParameter}). A function that passes
 * its parameter on to a function of the unit ({@code lap(g, u, i, j)}, where {@code lap} takes a
 * pointer to the same struct) uses what that function uses of it, through the helpers that
 * function passes it on to in turn; a member a helper assigns is assigned in its callers too.
 * So the caller's flattened parameters hold every member the helpers it inlines need, passed the
 * way the helpers take them.
 * <p>
 * {@link #layout} is the one decision of which members a flattened parameter has, in which order
 * (the struct's) and how each is passed: the callee's parameters ({@link StructParameters}) and
 * the caller's arguments for them ({@link StructArguments}) both follow it, so that the call's
 * arguments line up with the callee's parameters when the call is inlined.
 */
final class StructMembers {

    private static final Set<Integer> ASSIGNMENTS = Set.of(IASTBinaryExpression.op_assign,
            IASTBinaryExpression.op_plusAssign, IASTBinaryExpression.op_minusAssign,
            IASTBinaryExpression.op_multiplyAssign, IASTBinaryExpression.op_divideAssign,
            IASTBinaryExpression.op_moduloAssign, IASTBinaryExpression.op_shiftLeftAssign,
            IASTBinaryExpression.op_shiftRightAssign, IASTBinaryExpression.op_binaryAndAssign,
            IASTBinaryExpression.op_binaryOrAssign, IASTBinaryExpression.op_binaryXorAssign);

    /** A member of a flattened parameter: the field, where it is first used, how it is passed. */
    record Slot(IField field, IASTFieldReference first, Passing passing) {
    }

    /** How a function uses a member, itself or through its helpers: where first, where first assigned (or null). */
    private static final class Use {
        final IASTFieldReference first;
        IASTFieldReference assignedAt;

        Use(IASTFieldReference first) {
            this.first = first;
        }
    }

    /** The struct a parameter points to, and how the first function in the chain of calls names it (for messages). */
    private record Pointee(ICompositeType struct, String typeText) {
    }

    /** A struct parameter of a definition, by name. */
    private record Key(IASTFunctionDefinition def, String owner) {
    }

    private final SourceText src;
    /** The definitions of the file and of the user's headers, by name: the functions a struct can be passed on to. */
    private final Map<String, IASTFunctionDefinition> definitions = new HashMap<>();
    /** Complete uses already found (a function's parameter is flattened once and called from many places). */
    private final Map<Key, Map<String, Use>> known = new HashMap<>();

    StructMembers(SourceText src, Collection<IASTFunctionDefinition> definitions) {
        this.src = src;
        for (IASTFunctionDefinition def : definitions) {
            this.definitions.putIfAbsent(def.getDeclarator().getName().toString(), def);
        }
    }

    /**
     * The members of {@code p}, a parameter of {@code def} that points to {@code struct}, that
     * {@code def} and the helpers it passes {@code p} on to use, in the struct's order, with their
     * passing; a use that is not supported is a located error.
     */
    List<Slot> layout(IASTFunctionDefinition def, IASTParameterDeclaration p, ICompositeType struct) {
        String owner = p.getDeclarator().getName().toString();
        Pointee pointee = new Pointee(struct, StructParameters.typeText(p.getDeclSpecifier()));
        Map<String, Use> uses = uses(def, owner, pointee, new HashSet<>());
        boolean isConst = p.getDeclSpecifier().isConst();
        List<Slot> slots = new ArrayList<>();
        for (IField field : struct.getFields()) {
            Use use = uses.get(field.getName());
            if (use == null) {
                continue;
            }
            if (isConst && use.assignedAt != null) {
                // only a helper can get here: C itself refuses the assignment through a pointer to const
                throw error("unsupported-struct.const-member-assigned", use.assignedAt, "code",
                        SourceText.excerpt(use.assignedAt), "name", owner, "function",
                        def.getDeclarator().getName());
            }
            slots.add(new Slot(field, use.first, passing(field, use)));
        }
        return slots;
    }

    /**
     * The layout of parameter {@code index} of the unit's function {@code function}, or null when
     * there is no such function or that parameter does not point to a struct.
     */
    List<Slot> layout(String function, int index) {
        IASTFunctionDefinition def = definitions.get(function);
        IASTParameterDeclaration p = def == null ? null : parameter(def, index);
        ICompositeType struct = p == null ? null : StructParameters.pointee(p);
        return struct == null || !StructParameters.isPointerToOne(p) ? null : layout(def, p, struct);
    }

    /**
     * How a member reaches the flattened function (see {@link Passing}): a floating-point scalar
     * or one the function assigns through its address, another scalar by value, a pointer or an
     * array as it is.
     */
    private Passing passing(IField field, Use use) {
        IType t = CTypes.strip(field.getType());
        if (t instanceof IBasicType basic && Types.basic(basic) instanceof BaseType type) {
            return type.isFloating() || use.assignedAt != null ? Passing.ADDRESS : Passing.VALUE;
        }
        if (t instanceof IPointerType ptr && CTypes.strip(ptr.getType()) instanceof IBasicType) {
            if (use.assignedAt != null) {
                throw error("unsupported-struct.member-pointer-assigned", use.assignedAt, "code",
                        SourceText.excerpt(use.assignedAt));
            }
            return Passing.POINTER;
        }
        if (t instanceof IArrayType) {
            return Passing.EMBEDDED;
        }
        throw error("unsupported-struct.member-type", use.first, "code", SourceText.excerpt(use.first), "type",
                CTypes.text(field.getType()));
    }

    /**
     * Every {@code owner->m} in {@code def}'s body and in the helpers it passes {@code owner} on
     * to, by member; any other use of {@code owner} ({@code (*g).m}, {@code g + 1}, copying it)
     * is a located error. {@code active}: the parameters whose uses are being found further up;
     * a call back into one of them (recursion, which inlining refuses where the calls are) adds
     * nothing, so only a search that started here is complete and kept.
     */
    private Map<String, Use> uses(IASTFunctionDefinition def, String owner, Pointee struct, Set<Key> active) {
        Key key = new Key(def, owner);
        Map<String, Use> done = known.get(key);
        if (done != null) {
            return done;
        }
        if (!active.add(key)) {
            return Map.of();
        }
        try {
            Map<String, Use> uses = walk(def, owner, struct, active);
            if (active.size() == 1) {
                known.put(key, uses);
            }
            return uses;
        } finally {
            active.remove(key);
        }
    }

    private Map<String, Use> walk(IASTFunctionDefinition def, String owner, Pointee struct, Set<Key> active) {
        Map<String, Use> uses = new LinkedHashMap<>();
        List<UnsupportedException> errors = new ArrayList<>();
        def.getBody().accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (!(e instanceof IASTIdExpression id && id.getName().toString().equals(owner))) {
                    return PROCESS_CONTINUE;
                }
                IASTNode node = withParens(id);
                IASTNode parent = node.getParent();
                try {
                    if (parent instanceof IASTFieldReference f && f.isPointerDereference()) {
                        Use use = uses.computeIfAbsent(f.getFieldName().toString(), k -> new Use(f));
                        if (use.assignedAt == null && isAssigned(f)) {
                            use.assignedAt = f;
                        }
                    } else if (parent instanceof IASTFunctionCallExpression call && argumentIndex(call, node) >= 0) {
                        merge(uses, passedOn(call, argumentIndex(call, node), owner, struct, active));
                    } else if (parent instanceof IASTArraySubscriptExpression a && a.getArrayExpression() == node) {
                        throw error("unsupported-struct.array-of-structs", parent, "code", SourceText.excerpt(parent),
                                "name", owner);
                    } else {
                        throw error("unsupported-struct.parameter-use", parent, "code", SourceText.excerpt(parent),
                                "name", owner);
                    }
                } catch (UnsupportedException x) {
                    errors.add(x);
                }
                return errors.isEmpty() ? PROCESS_CONTINUE : PROCESS_ABORT;
            }
        });
        if (!errors.isEmpty()) {
            throw errors.get(0);
        }
        return uses;
    }

    /** A callee's uses added to its caller's: a member either assigns is assigned. */
    private static void merge(Map<String, Use> into, Map<String, Use> callee) {
        for (Map.Entry<String, Use> e : callee.entrySet()) {
            Use mine = into.computeIfAbsent(e.getKey(), k -> new Use(e.getValue().first));
            if (mine.assignedAt == null) {
                mine.assignedAt = e.getValue().assignedAt;
            }
        }
    }

    /**
     * The uses of the parameter that receives {@code owner} as argument {@code index} of
     * {@code call}: the callee must be defined in the unit (it is inlined) and take a pointer to
     * the same struct there.
     */
    private Map<String, Use> passedOn(IASTFunctionCallExpression call, int index, String owner, Pointee struct,
            Set<Key> active) {
        IASTExpression fn = Exprs.stripParens(call.getFunctionNameExpression());
        String calleeName = fn instanceof IASTIdExpression id ? id.getName().toString() : SourceText.excerpt(fn);
        IASTFunctionDefinition callee = fn instanceof IASTIdExpression ? definitions.get(calleeName) : null;
        if (callee == null) {
            throw error("unsupported-struct.passed-to-undefined", call, "code", SourceText.excerpt(call), "name", owner,
                    "callee", calleeName);
        }
        IASTParameterDeclaration q = parameter(callee, index);
        ICompositeType theirs = q == null ? null : StructParameters.pointee(q);
        if (theirs == null || !theirs.isSameType(struct.struct()) || !StructParameters.isPointerToOne(q)) {
            throw error("unsupported-struct.passed-as-other-type", call, "code", SourceText.excerpt(call), "name",
                    owner, "callee", calleeName, "position", index + 1, "parameter",
                    q == null ? "none" : "`" + SourceText.excerpt(q) + "`", "type", struct.typeText());
        }
        return uses(callee, q.getDeclarator().getName().toString(), struct, active);
    }

    /** Where {@code node} stands among {@code call}'s arguments, or -1. */
    private static int argumentIndex(IASTFunctionCallExpression call, IASTNode node) {
        IASTInitializerClause[] args = call.getArguments();
        for (int k = 0; k < args.length; k++) {
            if (args[k] == node) {
                return k;
            }
        }
        return -1;
    }

    /** Parameter {@code index} of {@code def}, or null when it has fewer. */
    private static IASTParameterDeclaration parameter(IASTFunctionDefinition def, int index) {
        if (def.getDeclarator() instanceof IASTStandardFunctionDeclarator fd && index < fd.getParameters().length
                && !(fd.getParameters()[index].getDeclarator() instanceof IASTArrayDeclarator)) {
            return fd.getParameters()[index];
        }
        return null;
    }

    /** True when {@code f} itself (not an element of it) is assigned, incremented or has its address taken. */
    private static boolean isAssigned(IASTFieldReference f) {
        IASTNode n = withParens(f);
        IASTNode parent = n.getParent();
        if (parent instanceof IASTBinaryExpression b) {
            return b.getOperand1() == n && ASSIGNMENTS.contains(b.getOperator());
        }
        if (parent instanceof IASTUnaryExpression u) {
            int op = u.getOperator();
            return op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_prefixDecr
                    || op == IASTUnaryExpression.op_postFixIncr || op == IASTUnaryExpression.op_postFixDecr
                    || op == IASTUnaryExpression.op_amper;
        }
        return false;
    }

    /** {@code e} with the parentheses written around it, if any: the outermost of them ({@link Exprs#stripParens}). */
    private static IASTNode withParens(IASTExpression e) {
        IASTNode n = e;
        while (n.getParent() instanceof IASTUnaryExpression u
                && u.getOperator() == IASTUnaryExpression.op_bracketedPrimary) {
            n = u;
        }
        return n;
    }

    private UnsupportedException error(String id, IASTNode node, Object... arguments) {
        return new UnsupportedException(id, src.range(node), arguments);
    }
}
