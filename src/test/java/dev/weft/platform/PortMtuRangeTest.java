package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.render.Examples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A pack's port MTU range is the range of the vendored model it names, read back out of that file
 * here: the declaration in the pack is a copy of the consumer's rule, never a number from memory.
 */
class PortMtuRangeTest {

  private static final Pattern RANGE =
      Pattern.compile("range\\s+\"?\\s*(\\d+)\\s*\\.\\.\\s*(\\d+)");

  @Test
  void everyDeclaredRangeIsTheRangeOfItsVendoredModel() throws IOException {
    List<PlatformPack> declaring =
        Platforms.builtIn().all().stream().filter(p -> p.portMtuRange().isPresent()).toList();
    assertEquals(
        List.of("nxos", "sonic", "srlinux"), declaring.stream().map(PlatformPack::id).toList());
    for (PlatformPack pack : declaring) {
      PortMtuRange declared = pack.portMtuRange().orElseThrow();
      String[] source = declared.source().split(": ", 2);
      Path file = Examples.projectRoot().resolve(source[0]);
      assertTrue(Files.isRegularFile(file), pack.id() + ": " + file);
      String yang = Files.readString(file, StandardCharsets.UTF_8);
      String name = source[1].substring(source[1].lastIndexOf('/') + 1);
      Matcher at =
          Pattern.compile("(leaf|typedef)\\s+" + Pattern.quote(name) + "\\s*\\{").matcher(yang);
      assertTrue(at.find(), pack.id() + ": no leaf or typedef " + name + " in " + file);
      Matcher range = RANGE.matcher(yang);
      assertTrue(range.find(at.end()), pack.id() + ": no range after " + name);
      assertEquals(
          Integer.parseInt(range.group(1)) + ".." + Integer.parseInt(range.group(2)),
          declared.min() + ".." + declared.max(),
          pack.id() + ": the range of " + declared.source());
    }
  }

  @Test
  void theBoundsThemselvesAreAccepted() {
    PortMtuRange r = new PortMtuRange(1450, 9500, "model: mtu");
    assertTrue(r.accepts(1450) && r.accepts(9500));
    assertFalse(r.accepts(1449) || r.accepts(9501));
  }
}
