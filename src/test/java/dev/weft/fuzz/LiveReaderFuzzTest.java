package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.CliAudit;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.ReadException;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.Mutator;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every platform reader (XML and JSON) on damaged device configs: a compiled switch or a {@link
 * ReadException}, never another exception. The readers are every platform pack's live profile,
 * called through its public entry point (a new pack is fuzzed without touching this class), plus
 * SONiC's CONFIG_DB reader. One target reads the fuzzer's bytes as they come; the other damages a
 * config the example switches render to (bytes flipped, a leaf removed, a value replaced by one
 * that broke readers before), so the fuzzer starts from valid files.
 */
class LiveReaderFuzzTest {

  /** One reader and the valid configs it starts from. */
  record Reader(String name, List<String> samples, Read read) {}

  @FunctionalInterface
  interface Read {
    CompiledSwitch read(String text) throws ReadException;
  }

  static final List<Reader> READERS = allReaders();

  static List<Reader> allReaders() {
    List<Reader> out = new ArrayList<>();
    for (PlatformPack pack : TestPlatforms.PLATFORMS.all()) {
      LiveProfile live = pack.live().orElse(null);
      if (live != null) {
        out.add(
            new Reader(
                pack.id() + " live profile",
                rendered(pack.id()),
                text -> live.read(text, "fuzz-device", "fuzz")));
      }
    }
    out.add(
        new Reader(
            "sonic config_db", rendered(SonicConfigDbReader.PLATFORM), SonicConfigDbReader::read));
    out.add(eosSession());
    return List.copyOf(out);
  }

  /**
   * EOS's remediation session: the commands a running-config needs (weft remediate's CLI part),
   * then the read its run judges.
   */
  private static Reader eosSession() {
    CompiledFabric fabric = Examples.compile("roce-pod-e");
    CompiledSwitch sw = (CompiledSwitch) fabric.device("eos-spine-1").orElseThrow();
    CliAudit.Session session =
        TestPlatforms.PLATFORMS
            .live("eos")
            .flatMap(LiveProfile::cliAudit)
            .flatMap(a -> a.session(sw))
            .orElseThrow();
    String fragment =
        new Renderer(TemplateFolders.builtIn())
            .renderDevice(sw, fabric.fabric())
            .text(session.transaction().renderedFile());
    return new Reader(
        "eos CLI session",
        List.of(fragment),
        text -> {
          session.transaction().change(sw, fragment, text, "fuzz");
          return session.profile().read(text, "fuzz-device", "fuzz");
        });
  }

  /** Every file the example switches render to with {@code platform}'s templates. */
  private static List<String> rendered(String platform) {
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<String> out = new ArrayList<>();
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledSwitch sw : fabric.switches()) {
        if (!sw.ports().stream()
            .allMatch(p -> p.pfcPriorities().isEmpty() || !p.headroom().isEmpty())) {
          continue; // no computed headroom (an EOS leaf): nothing to render for the other platforms
        }
        Renderer.DeviceOutput rendered = renderer.renderDeviceAs(sw, platform, fabric.fabric());
        rendered.files().values().forEach(b -> out.add(new String(b, StandardCharsets.UTF_8)));
      }
    }
    return List.copyOf(out);
  }

  @FuzzTest
  void anyTextIsASwitchOrAReadError(FuzzedDataProvider data) {
    Reader reader = READERS.get(data.consumeInt(0, READERS.size() - 1));
    String text = data.consumeRemainingAsString();
    Fuzz.typedOnly(() -> reader.read().read(text), ReadException.class);
  }

  @FuzzTest
  void aDamagedConfigIsASwitchOrAReadError(FuzzedDataProvider data) {
    Reader reader = READERS.get(data.consumeInt(0, READERS.size() - 1));
    assertFalse(reader.samples().isEmpty(), reader.name() + " has nothing to read");
    String text = reader.samples().get(data.consumeInt(0, reader.samples().size() - 1));
    String hostile =
        Mutator.HOSTILE_VALUES.get(data.consumeInt(0, Mutator.HOSTILE_VALUES.size() - 1));
    int leaf = data.consumeInt(0, 2000);
    String damaged =
        switch (data.consumeInt(0, 2)) {
          case 0 ->
              new String(
                  Mutator.mutate(
                      text.getBytes(StandardCharsets.UTF_8),
                      new Random(data.consumeLong()),
                      data.consumeInt(1, 6)),
                  StandardCharsets.UTF_8);
          case 1 ->
              isJson(text)
                  ? jsonDamage(text, leaf, hostile, true)
                  : Mutator.removeXmlLeaf(text, leaf);
          default ->
              isJson(text)
                  ? jsonDamage(text, leaf, hostile, false)
                  : Mutator.replaceXmlText(text, leaf, hostile);
        };
    Fuzz.typedOnly(() -> reader.read().read(damaged), ReadException.class);
  }

  private static boolean isJson(String text) {
    return text.startsWith("{") || text.startsWith("[");
  }

  private static final Pattern JSON_MEMBER =
      Pattern.compile("(,?\\s*\"[^\"]*\"\\s*:\\s*)\"([^\"]*)\"");

  /** The {@code n}-th JSON string value replaced by a hostile one, or its member removed. */
  private static String jsonDamage(String json, int n, String hostile, boolean remove) {
    Matcher m = JSON_MEMBER.matcher(json);
    int members = Math.max(1, (int) json.chars().filter(c -> c == ':').count());
    int i = 0;
    while (m.find()) {
      if (i++ == n % members) {
        return remove
            ? json.substring(0, m.start()) + json.substring(m.end())
            : json.substring(0, m.start(2)) + hostile.replace("\"", "") + json.substring(m.end(2));
      }
    }
    return json;
  }
}
