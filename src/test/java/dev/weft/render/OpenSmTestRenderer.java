package dev.weft.render;

import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Test helper: renders the built-in OpenSM templates through {@link OpenSmRenderer} and writes
 * them.
 */
public final class OpenSmTestRenderer {

  public static final List<String> FILES =
      List.of("opensm.conf", "partitions.conf", "qos-policy.conf", "root-guids.conf");

  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath();
  }

  public static OpenSmRenderer.Output renderAll(FabricModel model) {
    OpenSmRenderer.Output out = new OpenSmRenderer(TemplateFolders.builtIn()).render(model);
    if (!out.findings().isEmpty()) {
      throw new IllegalStateException("rendering failed: " + out.findings());
    }
    return out;
  }

  /** File name to text for the SM on {@code sm}. */
  public static Map<String, String> render(FabricModel model, SubnetManager sm) {
    return renderAll(model).devices().get(sm.host());
  }

  /** Writes the files of {@code sm} into {@code dir}. */
  public static void write(FabricModel model, SubnetManager sm, Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, String> e : render(model, sm).entrySet()) {
      Files.writeString(dir.resolve(e.getKey()), e.getValue());
    }
  }

  private OpenSmTestRenderer() {}
}
