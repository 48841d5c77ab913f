package dev.weft.render;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.RenderResult;
import dev.weft.compile.OpenSmContext;
import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders {@code templates/opensm/} with Jinjava configured like the project's template engine
 * (trim/lstrip blocks, unknown tokens fail). Test-only stand-in until the render package's engine is merged.
 */
public final class OpenSmTestRenderer {

    public static final List<String> FILES = List.of("opensm.conf", "partitions.conf", "qos-policy.conf", "root-guids.conf");

    public static Path projectDir() {
        return Path.of(System.getProperty("weft.project.dir", ".")).toAbsolutePath();
    }

    /** File name to text for the SM on {@code sm}. */
    public static Map<String, String> render(FabricModel model, SubnetManager sm) {
        Jinjava j = new Jinjava(JinjavaConfig.newBuilder().withFailOnUnknownTokens(true).withTrimBlocks(true)
                .withLstripBlocks(true).withLocale(Locale.ROOT).build());
        Map<String, Object> ctx = OpenSmContext.forManager(model, sm);
        Map<String, String> out = new LinkedHashMap<>();
        for (String f : FILES) {
            try {
                String tpl = Files.readString(projectDir().resolve("templates/opensm/" + f + ".j2"));
                RenderResult r = j.renderForResult(tpl, ctx);
                if (!r.getErrors().isEmpty()) {
                    throw new IllegalStateException(f + ": " + r.getErrors());
                }
                out.put(f, r.getOutput());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
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
