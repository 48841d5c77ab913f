package dev.weft.render;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.interpret.AutoCloseableSupplier;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.InterpretException;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.objects.collections.SizeLimitingPyList;
import com.hubspot.jinjava.objects.collections.SizeLimitingPyMap;
import com.hubspot.jinjava.tree.Node;
import dev.weft.accel.Accelerators;
import dev.weft.accel.Divergence;
import dev.weft.accel.FastMode;
import dev.weft.render.fast.Bail;
import dev.weft.render.fast.FastTemplate;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The template sandbox: Jinjava configured so that a template can only turn the data it is given
 * into text. An unknown variable fails the render (file:line), includes stay inside the templates
 * folders, Java methods cannot be called, output and recursion are capped, and functions whose
 * result depends on the clock or chance are switched off so the same input always gives the same
 * bytes.
 *
 * <p>Each template is read and parsed once and the parsed tree is reused for every device; one
 * engine is safe to share between rendering threads.
 *
 * <p>Fast path: a template that uses only what {@link FastTemplate} compiles (every built-in one)
 * renders through that compiled program, on the plain data, without the Jinjava interpreter; the
 * program gives Jinjava's bytes or bails, and then the same render runs through Jinjava, so errors,
 * odd values and user templates with other constructs behave exactly as with Jinjava alone.
 */
public final class TemplateEngine {
  /**
   * Default cap on one rendered file. A config bigger than this is a template bug (a runaway loop).
   */
  public static final long DEFAULT_MAX_OUTPUT_BYTES = 16L * 1024 * 1024;

  /**
   * Default time one template may take for one device. The built-in templates take milliseconds; a
   * user template with nested {@code range(100000)} loops or an include fan-out once ran for as
   * long as it was let.
   */
  public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(10);

  /** Most templates one render may include, import or extend (an include fan-out multiplies). */
  static final int MAX_INCLUDES = 1000;

  private static final int MAX_RENDER_DEPTH = 10;

  private final TemplateFolders folders;
  private final Jinjava jinjava;
  private final JinjavaConfig config;
  private final SandboxLocator locator;
  private final long maxOutputBytes;
  private final Duration timeLimit;

  /**
   * The deadline (System.nanoTime) of the render running on this thread, read by the node
   * pre-processor before every node Jinjava renders; {@link Long#MAX_VALUE} between renders.
   */
  private final ThreadLocal<long[]> deadline =
      ThreadLocal.withInitial(() -> new long[] {Long.MAX_VALUE});

  /** The name the template compiler is counted and reported under ({@link Accelerators}). */
  public static final String FAST_PATH = "template";

  /**
   * The run's fast-path switch: {@code off} renders with Jinjava alone, {@code verify} with both.
   */
  private final Accelerators accelerators;

  private final Map<String, Parsed> parsed = new ConcurrentHashMap<>();

  /**
   * The templates that ran out of their time budget in this engine's run, with the problem that
   * said so. A runaway template once cost its budget once per device, in sequence (six devices: 61
   * s; 500 switches: 83 minutes before the run failed); now it costs it once per run, and every
   * later device that uses it is reported at the same template line without running it again (issue
   * 32).
   */
  private final Map<String, TemplateProblem> outOfTime = new ConcurrentHashMap<>();

  /**
   * How the time-budget problem starts: what marks a template as out of time for the rest of the
   * run.
   */
  private static final String OUT_OF_TIME = "the render took longer than ";

  /**
   * One copy of Jinjava's global context (filters, tests, functions, tags) per rendering thread,
   * the parent of every render's own context on that thread. Jinjava's own render copies the global
   * context for every call (registering every built-in again, by reflection); nothing a template
   * does writes to the parent of its context, so one copy per thread serves every render.
   */
  private final ThreadLocal<Context> roots = ThreadLocal.withInitial(this::newRoot);

  /** What rendering one template for one device gave: the text, or the problems that stopped it. */
  public record Outcome(String text, List<TemplateProblem> problems, List<String> included) {
    public Outcome {
      problems = List.copyOf(problems);
      included = List.copyOf(included);
    }

    public Outcome(String text, List<TemplateProblem> problems) {
      this(text, problems, List.of());
    }

    public boolean ok() {
      return problems.isEmpty();
    }
  }

  /**
   * A template as parsed once: Jinjava's tree, and its fast program when it has one (else null).
   */
  private record Parsed(
      String shownAs, String text, Node root, List<TemplateProblem> problems, FastTemplate fast) {}

  public TemplateEngine(TemplateFolders folders) {
    this(folders, DEFAULT_MAX_OUTPUT_BYTES);
  }

  public TemplateEngine(TemplateFolders folders, long maxOutputBytes) {
    this(folders, maxOutputBytes, Accelerators.on());
  }

  /** The run's fast-path switch and counters, which the renderer's JSON re-write shares. */
  public Accelerators accelerators() {
    return accelerators;
  }

  /** With {@code fastPath} false every template renders with Jinjava alone (differential tests). */
  TemplateEngine(TemplateFolders folders, long maxOutputBytes, boolean fastPath) {
    this(folders, maxOutputBytes, new Accelerators(fastPath ? FastMode.ON : FastMode.OFF));
  }

  /** With the run's fast-path switch ({@code WEFT_FAST}). */
  public TemplateEngine(TemplateFolders folders, long maxOutputBytes, Accelerators accelerators) {
    this(folders, maxOutputBytes, accelerators, DEFAULT_TIME_LIMIT);
  }

  /** With a time budget per template and device ({@code --template-timeout}). */
  public TemplateEngine(TemplateFolders folders, long maxOutputBytes, Duration timeLimit) {
    this(folders, maxOutputBytes, Accelerators.on(), timeLimit);
  }

  /** With the run's fast-path switch and a time budget per template and device. */
  public TemplateEngine(
      TemplateFolders folders, long maxOutputBytes, Accelerators accelerators, Duration timeLimit) {
    this.folders = folders;
    this.maxOutputBytes = maxOutputBytes;
    this.accelerators = accelerators;
    this.timeLimit = timeLimit;
    this.config =
        JinjavaConfig.newBuilder()
            .withFailOnUnknownTokens(true)
            .withMaxOutputSize(maxOutputBytes)
            .withMaxStringLength(maxOutputBytes)
            .withMaxRenderDepth(MAX_RENDER_DEPTH)
            .withMaxMacroRecursionDepth(MAX_RENDER_DEPTH)
            .withRangeLimit(100_000)
            .withNestedInterpretationEnabled(false)
            .withReadOnlyResolver(true)
            .withElResolver(
                new NoJavaCallsResolver(JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_ONLY))
            .withLocale(Locale.ROOT)
            .withTimeZone(ZoneOffset.UTC)
            .withTrimBlocks(true)
            .withLstripBlocks(true)
            // Same input, same bytes: no clock, no chance. The clock is also pinned, in case a
            // function reads it under a name not listed here.
            .withDisabled(
                Map.of(
                    Context.Library.FILTER, Set.of("random", "shuffle"),
                    Context.Library.FUNCTION,
                        withNamespaces(
                            Set.of(
                                "today",
                                "now",
                                "unixtimestamp",
                                "datetimeformat",
                                "strtotime",
                                "strtodate",
                                "fromjson",
                                "fromyaml"))))
            .withDateTimeProvider(() -> 0L)
            .withNodePreProcessor(this::beforeNode)
            .build();
    this.jinjava = new Jinjava(config);
    this.locator = new SandboxLocator(folders);
    this.jinjava.setResourceLocator(locator);
  }

  /** What {@code Jinjava.getGlobalContextCopy()} builds, as a {@link QuietContext}. */
  private Context newRoot() {
    Context global = jinjava.getGlobalContext();
    Context root = new QuietContext(null, global, null);
    global.getAllExpTests().forEach(root::registerExpTest);
    global.getAllFilters().forEach(f -> root.registerFilter(new BoundedFilter(f, cap())));
    global.getAllFunctions().forEach(root::registerFunction);
    global.getAllTags().forEach(root::registerTag);
    root.setAutoEscape(global.isAutoEscape());
    root.setDynamicVariableResolver(global.getDynamicVariableResolver());
    return root;
  }

  /**
   * Jinjava's context without its bookkeeping of every name and expression a render resolved (a
   * hash-set insert per lookup, repeated in every enclosing context). Only Jinjava's eager
   * execution mode reads those sets, and the sandbox does not use it.
   */
  private static final class QuietContext extends Context {
    QuietContext(Context parent, Map<String, ?> bindings, Map<Library, Set<String>> disabled) {
      super(parent, bindings, disabled);
    }

    @Override
    public void addResolvedValue(String value) {}

    @Override
    public void addResolvedExpression(String expression) {}

    @Override
    public void addResolvedFunction(String function) {}
  }

  /**
   * The template data with every map and list already in Jinjava's own wrapper types: Jinjava
   * returns a {@code PyWrapper} as it is but wraps any other map or list anew on every access
   * ({@code p.name} inside a loop allocates a wrapper for {@code p} each time). The wrappers sit
   * over unmodifiable collections, so templates still cannot change the data.
   */
  private Map<String, Object> wrapped(Map<String, Object> data) {
    // one wrapper per shared object: the ports of a plan hold the same queue and PG views
    Map<Object, Object> done = new java.util.IdentityHashMap<>();
    Map<String, Object> out = new java.util.LinkedHashMap<>(data.size() * 2);
    data.forEach((key, value) -> out.put(key, wrap(value, done)));
    return out;
  }

  @SuppressWarnings("unchecked")
  private Object wrap(Object value, Map<Object, Object> done) {
    if (!(value instanceof Map<?, ?>) && !(value instanceof List<?>)) {
      return value;
    }
    Object known = done.get(value);
    if (known != null) {
      return known;
    }
    Object wrapper;
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new java.util.LinkedHashMap<>(map.size() * 2);
      map.forEach((key, item) -> copy.put(key, wrap(item, done)));
      wrapper =
          new SizeLimitingPyMap(
              (Map<String, Object>) (Map<?, ?>) java.util.Collections.unmodifiableMap(copy),
              config.getMaxMapSize());
    } else {
      List<Object> copy = new ArrayList<>(((List<?>) value).size());
      for (Object item : (List<?>) value) {
        copy.add(wrap(item, done));
      }
      wrapper =
          new SizeLimitingPyList(
              java.util.Collections.unmodifiableList(copy), config.getMaxListSize());
    }
    done.put(value, wrapper);
    return wrapper;
  }

  /** Jinjava names global functions with and without an empty namespace prefix; disable both. */
  private static Set<String> withNamespaces(Set<String> names) {
    Set<String> out = new java.util.TreeSet<>();
    for (String name : names) {
      out.add(name);
      out.add(":" + name);
      out.add("fn:" + name);
    }
    return out;
  }

  /** The output cap as Jinjava reads it (0 or less: none). */
  private long cap() {
    return maxOutputBytes > 0 ? maxOutputBytes : Long.MAX_VALUE;
  }

  /**
   * Jinjava's node pre-processor: what its default does (the current node, a thread interrupt ends
   * the render), plus the render's time budget, checked before every node, loop bodies included.
   */
  private void beforeNode(Node node, JinjavaInterpreter interpreter) {
    interpreter.getContext().setCurrentNode(node);
    if (Thread.currentThread().isInterrupted() || System.nanoTime() > deadline.get()[0]) {
      throw new InterpretException(
          OUT_OF_TIME
              + timeLimit.toMillis()
              + " ms (limit: template"
              + " time, --template-timeout; a loop or include runs away)",
          node.getLineNumber(),
          node.getStartPosition());
    }
  }

  /**
   * Renders the template {@code name} (relative to the templates root) with the given data, within
   * the budgets.
   */
  public Outcome render(String name, Map<String, Object> data) {
    TemplateProblem ranOut = outOfTime.get(name);
    if (ranOut != null) {
      return new Outcome(
          "",
          List.of(
              new TemplateProblem(
                  ranOut.template(),
                  ranOut.line(),
                  "not run again: "
                      + ranOut.message()
                      + " for an earlier device of this run, and would again")));
    }
    long[] until = deadline.get();
    until[0] = saturatedDeadline();
    try {
      Outcome outcome = renderWithin(name, data, until[0]);
      outcome.problems().stream()
          .filter(p -> p.message().startsWith(OUT_OF_TIME))
          .findFirst()
          .ifPresent(p -> outOfTime.putIfAbsent(name, p));
      return outcome;
    } catch (StackOverflowError deep) {
      Parsed template = parsed.get(name);
      return new Outcome(
          "",
          List.of(
              new TemplateProblem(
                  template == null ? name : template.shownAs(),
                  1,
                  "the template nests or recurses too deeply to render (stack overflow; limit: template depth)")));
    } finally {
      until[0] = Long.MAX_VALUE;
    }
  }

  private long saturatedDeadline() {
    long now = System.nanoTime();
    long budget = timeLimit.toNanos();
    return budget > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + budget;
  }

  private Outcome renderWithin(String name, Map<String, Object> data, long until) {
    Parsed template = parsed.computeIfAbsent(name, this::parse);
    if (!template.problems().isEmpty()) {
      return new Outcome("", template.problems());
    }
    if (template.fast() != null) {
      try {
        String text = template.fast().render(data, until);
        accelerators.took(FAST_PATH);
        if (accelerators.verify()) {
          compare(template.shownAs(), text, renderWithJinjava(template, data));
        }
        return new Outcome(text, List.of(), List.of());
      } catch (Bail notSure) {
        // render this one with Jinjava: its text, or its error, exactly as before (a breach of the
        // time
        // budget included: Jinjava finds the deadline passed at its first node and says where)
      }
    }
    if (accelerators.tryFast()) {
      accelerators.declined(FAST_PATH);
    }
    return renderWithJinjava(template, data);
  }

  /**
   * Under {@code WEFT_FAST=verify}: Jinjava must render, to the byte, what the compiled template
   * rendered.
   */
  private void compare(String shownAs, String fast, Outcome jinjava) {
    String difference =
        !jinjava.ok()
            ? "the compiled template rendered, Jinjava failed: "
                + jinjava.problems().get(0).message()
            : fast.equals(jinjava.text())
                ? null
                : "the texts differ from line " + firstDifferentLine(fast, jinjava.text());
    if (difference != null) {
      accelerators.diverged(new Divergence(FAST_PATH, shownAs, difference));
    }
  }

  private static int firstDifferentLine(String a, String b) {
    int line = 1;
    for (int i = 0; i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i); i++) {
      line += a.charAt(i) == '\n' ? 1 : 0;
    }
    return line;
  }

  private Outcome renderWithJinjava(Parsed template, Map<String, Object> data) {
    Context context = new QuietContext(roots.get(), wrapped(data), config.getDisabled());
    JinjavaInterpreter interpreter =
        config.getInterpreterFactory().newInstance(jinjava, context, config);
    List<TemplateProblem> problems = new ArrayList<>();
    String text = "";
    locator.startRender();
    try (AutoCloseableSupplier.AutoCloseableImpl<JinjavaInterpreter> current =
        JinjavaInterpreter.closeablePushCurrent(interpreter).get()) {
      text = current.value().render(template.root(), true);
    } catch (InterpretException e) {
      TemplateFolders.Template source = whereRaised(template, e);
      int line =
          SourceLines.fileLine(
              source.text(), e.getLineNumber(), SourceLines.tokenOf(e.getMessage(), null));
      problems.add(new TemplateProblem(source.shownAs(), line, e.getMessage()));
    } catch (RuntimeException e) {
      // Jinjava reports some user mistakes (output cap, recursion) as plain runtime exceptions.
      problems.add(
          new TemplateProblem(template.shownAs(), interpreter.getLineNumber(), describe(e)));
    }
    for (TemplateError error : interpreter.getErrorsCopy()) {
      // Warnings count too: Jinjava reports a runaway macro recursion only as a warning, and
      // a half-rendered config must never be written.
      problems.add(problemOf(template, error));
    }
    List<String> included =
        locator.includedSoFar().stream().map(TemplateFolders.Template::name).toList();
    return new Outcome(problems.isEmpty() ? text : "", problems, included);
  }

  /**
   * The template an exception was raised in. Jinjava gives only a line number, which for an error
   * inside an included template is a line of that template: name the top template when it shows the
   * offending token, else the latest included template that does.
   */
  private TemplateFolders.Template whereRaised(Parsed top, InterpretException e) {
    TemplateFolders.Template topTemplate =
        new TemplateFolders.Template("", top.shownAs(), top.text());
    List<TemplateFolders.Template> included = locator.includedSoFar();
    String message = e.getMessage() == null ? "" : e.getMessage();
    String marker = "Unknown token found: ";
    if (included.isEmpty() || !message.startsWith(marker)) {
      return topTemplate;
    }
    String token = message.substring(marker.length()).strip();
    if (top.text().contains(token)) {
      return topTemplate;
    }
    for (int i = included.size() - 1; i >= 0; i--) {
      if (included.get(i).text().contains(token)) {
        return included.get(i);
      }
    }
    return topTemplate;
  }

  private Parsed parse(String name) {
    TemplateFolders.Template template;
    try {
      template = folders.read(name);
    } catch (TemplateAccessException e) {
      return new Parsed(
          TemplateFolders.BUILT_IN + name,
          "",
          null,
          List.of(new TemplateProblem(TemplateFolders.BUILT_IN + name, 1, e.getMessage())),
          null);
    }
    int tooDeep = TemplateNesting.tooDeepAt(template.text());
    if (tooDeep > 0) {
      return new Parsed(
          template.shownAs(),
          template.text(),
          null,
          List.of(
              new TemplateProblem(
                  template.shownAs(),
                  tooDeep,
                  "block tags nest more than "
                      + TemplateNesting.MAX_DEPTH
                      + " levels deep (limit: template"
                      + " depth)")),
          null);
    }
    JinjavaInterpreter interpreter =
        new JinjavaInterpreter(jinjava, new Context(jinjava.getGlobalContextCopy()), config);
    List<TemplateProblem> problems = new ArrayList<>();
    Node root = null;
    try (AutoCloseableSupplier.AutoCloseableImpl<JinjavaInterpreter> current =
        JinjavaInterpreter.closeablePushCurrent(interpreter).get()) {
      root = current.value().parse(template.text());
    } catch (InterpretException e) {
      problems.add(
          new TemplateProblem(
              template.shownAs(),
              SourceLines.fileLine(template.text(), e.getLineNumber(), null),
              e.getMessage()));
    } catch (StackOverflowError deep) {
      problems.add(
          new TemplateProblem(
              template.shownAs(),
              1,
              "the template nests too deeply to parse (stack overflow; limit: template depth)"));
    }
    Parsed partial = new Parsed(template.shownAs(), template.text(), root, List.of(), null);
    for (TemplateError error : interpreter.getErrorsCopy()) {
      if (error.getSeverity() == TemplateError.ErrorType.FATAL) {
        problems.add(problemOf(partial, error));
      }
    }
    FastTemplate fast =
        accelerators.tryFast()
                && root != null
                && problems.isEmpty()
                && interpreter.getErrorsCopy().isEmpty()
            // Jinjava reads a cap of 0 or less as no cap
            ? FastTemplate.compile(root, maxOutputBytes > 0 ? maxOutputBytes : Long.MAX_VALUE)
                .orElse(null)
            : null;
    return new Parsed(template.shownAs(), template.text(), root, problems, fast);
  }

  /**
   * The fast path's text for this template and data, or null when it has no program for it or bails
   * (tests: the fast path really renders, and renders what Jinjava renders).
   */
  String fastOnly(String name, Map<String, Object> data) {
    FastTemplate fast = parsed.computeIfAbsent(name, this::parse).fast();
    if (fast == null) {
      return null;
    }
    try {
      return fast.render(data, Long.MAX_VALUE);
    } catch (Bail notSure) {
      return null;
    }
  }

  /**
   * Whether the template {@code name} renders through the fast path (tests: no built-in one falls
   * back).
   */
  boolean compiledFast(String name) {
    return parsed.computeIfAbsent(name, this::parse).fast() != null;
  }

  private TemplateProblem problemOf(Parsed template, TemplateError error) {
    if (error.getSourceTemplate().isPresent()) {
      return new TemplateProblem(
          shownAs(error.getSourceTemplate().get()), error.getLineno(), error.getMessage());
    }
    int line =
        SourceLines.fileLine(
            template.text(),
            error.getLineno(),
            SourceLines.tokenOf(error.getMessage(), error.getFieldName()));
    return new TemplateProblem(template.shownAs(), line, error.getMessage());
  }

  /** How a template name is shown to users: its built-in path or its path in the user folder. */
  String shownAs(String includedName) {
    try {
      return folders.read(includedName).shownAs();
    } catch (TemplateAccessException e) {
      return includedName;
    }
  }

  private static String describe(RuntimeException e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
