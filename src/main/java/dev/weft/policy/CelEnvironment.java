package dev.weft.policy;

import com.google.common.collect.ImmutableCollection;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.extensions.CelExtensions;
import dev.cel.extensions.CelListsExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one CEL environment user rules are compiled in: the model's types, one variable set per
 * scope, Weft's unit helpers, and the standard library with a chosen set of extensions (strings,
 * math, sets, lists without {@code range}, two-variable comprehensions, {@code cel.bind},
 * optionals). Nothing in it reads a file, the clock, the network or the JVM: the only functions are
 * CEL's own pure ones and the unit parsers; struct literals, which would reach protobuf's message
 * factories, are refused by {@link RuleCompiler}. The run's date is the variable {@code today}.
 *
 * <p>Built once per run when at least one user rule exists, by one thread; compilers and programs
 * are immutable and thread-safe.
 */
final class CelEnvironment {

  /**
   * Per evaluation: comprehension steps (CEL's own limit; the run-wide budget is {@link Budget}).
   */
  static final int MAX_ITERATIONS = 2_000_000;

  /** Per expression: characters, as CEL counts them. */
  static final int MAX_EXPRESSION_CHARS = 10_000;

  private final Shapes shapes = new Shapes();
  private final Map<String, StructType> structs = new LinkedHashMap<>();
  private final Map<RuleScope, CelCompiler> compilers = new EnumMap<>(RuleScope.class);
  private final CelCompiler base;
  private final CelRuntime runtime;
  private final CelOptions options;

  CelEnvironment() {
    options =
        CelOptions.current()
            .enableOptionalSyntax(true)
            .enableHeterogeneousNumericComparisons(true)
            .comprehensionMaxIterations(MAX_ITERATIONS)
            .maxExpressionCodePointSize(MAX_EXPRESSION_CHARS)
            .maxRegexProgramSize(1_000)
            .build();
    for (Shape s : shapes.all()) {
      structs.put(
          s.name(),
          StructType.create(
              s.name(),
              ImmutableSet.copyOf(s.fields().keySet()),
              field -> Optional.ofNullable(s.fields().get(field)).map(f -> celType(f.kind()))));
    }
    CelTypeProvider types =
        new CelTypeProvider() {
          @Override
          public ImmutableCollection<CelType> types() {
            return ImmutableList.copyOf(structs.values());
          }

          @Override
          public Optional<CelType> findType(String name) {
            return Optional.ofNullable(structs.get(name));
          }
        };
    base =
        CelCompilerFactory.standardCelCompilerBuilder()
            .setOptions(options)
            .setTypeProvider(types)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addMacros(Units.macros())
            .addFunctionDeclarations(
                CelFunctionDecl.newFunctionDeclaration(
                    "speed",
                    CelOverloadDecl.newGlobalOverload(
                        "weft_speed_string", SimpleType.INT, SimpleType.STRING)),
                CelFunctionDecl.newFunctionDeclaration(
                    "length",
                    CelOverloadDecl.newGlobalOverload(
                        "weft_length_string", SimpleType.INT, SimpleType.STRING)),
                CelFunctionDecl.newFunctionDeclaration(
                    "date",
                    CelOverloadDecl.newGlobalOverload(
                        "weft_date_string", SimpleType.TIMESTAMP, SimpleType.STRING)))
            .addLibraries(
                CelExtensions.strings(),
                CelExtensions.math(options),
                CelExtensions.sets(options),
                CelExtensions.lists(LISTS),
                CelExtensions.comprehensions(),
                CelExtensions.bindings(),
                CelExtensions.optional())
            .addVar("fabric", structs.get("weft.Fabric"))
            .addVar("today", SimpleType.TIMESTAMP)
            .build();
    runtime =
        CelRuntimeFactory.standardCelRuntimeBuilder()
            .setOptions(options)
            .addLibraries(
                CelExtensions.strings(),
                CelExtensions.math(options),
                CelExtensions.sets(options),
                CelExtensions.lists(LISTS),
                CelExtensions.comprehensions(),
                CelExtensions.optional())
            .addFunctionBindings(
                CelFunctionBinding.from("weft_speed_string", String.class, Units::speed),
                CelFunctionBinding.from("weft_length_string", String.class, Units::length),
                CelFunctionBinding.from("weft_date_string", String.class, Units::date))
            .build();
  }

  /** {@code range} is left out: it builds a list of any length before anything can count it. */
  private static final CelListsExtensions.Function[] LISTS = {
    CelListsExtensions.Function.SLICE, CelListsExtensions.Function.FLATTEN,
        CelListsExtensions.Function.DISTINCT,
    CelListsExtensions.Function.REVERSE, CelListsExtensions.Function.SORT,
        CelListsExtensions.Function.SORT_BY
  };

  private CelType celType(Shape.Kind kind) {
    if (kind instanceof Shape.Scalar s) {
      return switch (s.cel()) {
        case "int" -> SimpleType.INT;
        case "string" -> SimpleType.STRING;
        case "bool" -> SimpleType.BOOL;
        case "double" -> SimpleType.DOUBLE;
        case "duration" -> SimpleType.DURATION;
        default -> throw new IllegalStateException("no CEL type for " + s.cel());
      };
    }
    if (kind instanceof Shape.Struct st) {
      return structs.get(st.shape());
    }
    if (kind instanceof Shape.ListOf l) {
      return ListType.create(celType(l.element()));
    }
    Shape.MapOf m = (Shape.MapOf) kind;
    return MapType.create(
        m.keyCel().equals("int") ? SimpleType.INT : SimpleType.STRING, celType(m.value()));
  }

  Shapes shapes() {
    return shapes;
  }

  /**
   * The compiler of one scope: its variables, {@code fabric} and {@code today} (made when first
   * asked for).
   */
  CelCompiler compiler(RuleScope scope) {
    return compilers.computeIfAbsent(
        scope,
        s -> {
          CelCompilerBuilder b = base.toCompilerBuilder();
          s.variables().forEach((name, shape) -> b.addVar(name, structs.get(shape)));
          return b.build();
        });
  }

  /**
   * The compiler of one scope with the rule's own variables added (each with the type its
   * expression has).
   */
  CelCompiler compiler(RuleScope scope, Map<String, CelType> ruleVariables) {
    if (ruleVariables.isEmpty()) {
      return compiler(scope);
    }
    CelCompilerBuilder b = compiler(scope).toCompilerBuilder();
    ruleVariables.forEach(b::addVar);
    return b.build();
  }

  CelRuntime runtime() {
    return runtime;
  }
}
