package dev.weft.bench;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.intent.IntentResult;
import dev.weft.model.FabricModel;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.schema.SchemaValidator;
import dev.weft.source.SourceFile;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * In-process hot paths of one 1,024-GPU rail-optimised fabric (the generator's): YAML parse of one
 * scalable-unit file, schema check of that file, compile of the whole fabric, render of one SONiC
 * switch. Whole-command timings are scripts/bench's job; these isolate a stage to see what a change
 * does to it.
 *
 * <pre>./mvnw -o -Pjmh -DskipTests package &amp;&amp; java -jar target/benchmarks.jar</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-XX:+UseParallelGC"})
public class HotPaths {

  private Path dir;
  private YamlParser parser;
  private SourceFile suFile;
  private MapNode suRoot;
  private SchemaValidator validator;
  private FabricModel model;
  private Renderer renderer;
  private CompiledFabric compiled;
  private CompiledSwitch leaf;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("weft-jmh");
    Map<String, String> files =
        new RoceFabricGenerator().generate("bench", RoceFabricShape.forGpus(1024));
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = dir.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
    }
    String su =
        files.keySet().stream()
            .filter(k -> k.startsWith("units/"))
            .sorted()
            .findFirst()
            .orElseThrow();
    suFile = new SourceFile(su, files.get(su).getBytes(StandardCharsets.UTF_8), "0".repeat(40));
    parser = new YamlParser(LoadLimits.defaults());
    suRoot = parser.parse(suFile).root();
    validator = TestPlatforms.schemaValidator();
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir));
    model = intent.model();
    if (model == null) {
      throw new IllegalStateException("generated fabric does not load: " + intent.findings());
    }
    CompileResult result = Compiler.compile(model, AsicProfiles.builtIn());
    compiled = result.fabric();
    leaf = compiled.switches().get(0);
    renderer = new Renderer(TemplateFolders.builtIn());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** snakeyaml-engine events to Weft's located node tree, one ~100 KB scalable-unit file. */
  @Benchmark
  public ParseResult yamlParseOneUnitFile() {
    return parser.parse(suFile);
  }

  /** Conversion to the JSON Schema library's tree and validation of that file. */
  @Benchmark
  public List<Finding> schemaValidateOneUnitFile() {
    return validator.validate(suFile.path(), suRoot);
  }

  /** Effective ports, QoS plan and headroom of all 64 switches and 128 hosts. */
  @Benchmark
  public CompileResult compileFabric1024() {
    return Compiler.compile(model, AsicProfiles.builtIn());
  }

  /** One leaf's SONiC config_db.json: context, Jinjava, canonical JSON rewrite. */
  @Benchmark
  public Renderer.DeviceOutput renderOneSonicSwitch() {
    return renderer.renderDevice(leaf, compiled.fabric());
  }
}
