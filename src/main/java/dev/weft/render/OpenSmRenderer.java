package dev.weft.render;

import dev.weft.compile.IbsimTopology;
import dev.weft.compile.OpenSmContext;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders an InfiniBand inventory: the {@code templates/opensm/} files for every subnet manager
 * host (each with its own {@code sm_priority} and {@code guid}, otherwise identical) and the {@code
 * ibsim} topology of the fabric. The template data comes from {@link OpenSmContext}; the templates
 * only place text.
 */
public final class OpenSmRenderer {

  /** The template folder (platform) of subnet manager hosts. */
  public static final String PLATFORM = "opensm";

  /**
   * File name of the simulator topology, written into every SM host's folder (each folder is
   * self-contained).
   */
  public static final String TOPOLOGY_FILE = "ibsim.net";

  private final TemplateFolders folders;
  private final TemplateEngine engine;

  public OpenSmRenderer(TemplateFolders folders) {
    this(folders, new TemplateEngine(folders));
  }

  /** With an engine of the caller's (the run's fast-path switch). */
  public OpenSmRenderer(TemplateFolders folders, TemplateEngine engine) {
    this.folders = folders;
    this.engine = engine;
  }

  /**
   * Everything rendered.
   *
   * @param devices SM host → file name → text, in SM order, files sorted
   * @param topology the ibsim topology, or null when it could not be written (see findings)
   */
  public record Output(
      Map<String, Map<String, String>> devices, String topology, List<Finding> findings) {
    public Output {
      devices = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(devices));
      findings = List.copyOf(findings);
    }
  }

  public Output render(FabricModel model) {
    List<Finding> findings = new ArrayList<>();
    Map<String, Map<String, String>> devices = new LinkedHashMap<>();
    if (model.subnet() == null) {
      return new Output(devices, null, findings);
    }
    PlatformManifest manifest;
    try {
      manifest = PlatformManifest.load(folders, PLATFORM);
    } catch (TemplateAccessException e) {
      findings.add(
          Finding.of(
                  Renderer.RULE,
                  Severity.ERROR,
                  "cannot render the subnet manager files: " + e.getMessage())
              .at(model.subnet().at().self()));
      return new Output(devices, null, findings);
    }
    for (SubnetManager sm : model.subnet().subnetManagers()) {
      Map<String, Object> data = OpenSmContext.forManager(model, sm);
      Map<String, String> files = new TreeMap<>();
      for (Map.Entry<String, String> e : manifest.files().entrySet()) {
        TemplateEngine.Outcome outcome = engine.render(e.getValue(), data);
        if (!outcome.ok()) {
          for (TemplateProblem p : outcome.problems()) {
            findings.add(
                Finding.of(
                        Renderer.RULE,
                        Severity.ERROR,
                        "cannot render " + e.getKey() + " for " + sm.host() + ": " + p.message())
                    .at(new Location(p.template(), p.line(), 1))
                    .onDevice(sm.host()));
          }
          continue;
        }
        files.put(e.getKey(), outcome.text());
        // a user template could write what OpenSM rejects or ignores: check as OpenSM parses
        findings.addAll(
            OpenSmFileCheck.check(sm.host() + "/" + e.getKey(), e.getKey(), outcome.text()).stream()
                .map(f -> f.onDevice(sm.host()))
                .toList());
      }
      devices.put(sm.host(), files);
    }
    IbsimTopology.Result topology = IbsimTopology.write(model);
    findings.addAll(topology.findings());
    return new Output(devices, topology.findings().isEmpty() ? topology.text() : null, findings);
  }

  /**
   * Writes the output through a sink: {@code <host>/<file>} per SM, plus {@code <host>/ibsim.net}.
   */
  public static void write(Output out, RenderSink sink) throws IOException {
    for (Map.Entry<String, Map<String, String>> d : out.devices().entrySet()) {
      for (Map.Entry<String, String> f : d.getValue().entrySet()) {
        sink.accept(d.getKey(), f.getKey(), f.getValue().getBytes(StandardCharsets.UTF_8));
      }
      if (out.topology() != null) {
        sink.accept(d.getKey(), TOPOLOGY_FILE, out.topology().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  /**
   * {@code weft render} for an InfiniBand inventory: renders and writes every SM host's files,
   * returning the findings (template problems, OpenSM file problems, a topology that cannot be
   * simulated, write errors). Only {@code devices} are written when it is not empty.
   */
  public static List<Finding> renderTo(
      FabricModel model, TemplateFolders folders, java.util.Set<String> devices, RenderSink sink) {
    return renderTo(model, new OpenSmRenderer(folders), devices, sink);
  }

  /** As above, with a renderer of the caller's. */
  public static List<Finding> renderTo(
      FabricModel model, OpenSmRenderer renderer, java.util.Set<String> devices, RenderSink sink) {
    Output out = renderer.render(model);
    List<Finding> findings = new ArrayList<>(out.findings());
    Map<String, Map<String, String>> selected = new LinkedHashMap<>();
    out.devices()
        .forEach(
            (host, files) -> {
              if (devices.isEmpty() || devices.contains(host)) {
                selected.put(host, files);
              }
            });
    try {
      write(new Output(selected, out.topology(), List.of()), sink);
    } catch (IOException e) {
      findings.add(
          Finding.of(
                  Renderer.RULE,
                  Severity.ERROR,
                  "cannot write the subnet manager files: " + e.getMessage())
              .at(model.subnet().at().self()));
    }
    return findings;
  }
}
