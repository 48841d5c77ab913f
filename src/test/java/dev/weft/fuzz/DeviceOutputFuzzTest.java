package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.adopt.ConfigFolder;
import dev.weft.compile.CompiledSwitch;
import dev.weft.health.CounterReaders;
import dev.weft.platform.Platforms;
import dev.weft.render.Examples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What Weft reads from a device's command output or a folder of saved configs: the SSH command
 * output parsers of the health counters (SONiC's show commands, NVUE's JSON), called through their
 * public entry point, and the import folder reader. Any text gives counters or problems, any folder
 * gives configs or findings, never an exception.
 */
class DeviceOutputFuzzTest {

  private static final List<CompiledSwitch> SWITCHES =
      List.of(
          (CompiledSwitch) Examples.compile("roce-pod-a").device("leaf-01").orElseThrow(),
          (CompiledSwitch) Examples.compile("roce-pod-c").device("spine-c1").orElseThrow());

  @FuzzTest
  void anyCommandOutputIsCountersOrAProblem(FuzzedDataProvider data) {
    CompiledSwitch sw = SWITCHES.get(data.consumeInt(0, SWITCHES.size() - 1));
    List<String> commands = CounterReaders.commands(sw);
    String command = commands.get(data.consumeInt(0, commands.size() - 1));
    String output = data.consumeRemainingAsString();
    CounterReaders.Read read =
        Fuzz.typedOnly(() -> CounterReaders.parse(sw, Map.of(command, output), Map.of()));
    assertNotNull(read, "no reading");
  }

  @FuzzTest
  void anyImportFolderIsConfigsOrFindings(FuzzedDataProvider data) throws IOException {
    Path dir = Files.createTempDirectory("weft-fuzz-import");
    try {
      String ext = data.pickValue(List.of("xml", "json", "txt"));
      Files.writeString(dir.resolve("leaf-01." + ext), data.consumeRemainingAsString());
      ConfigFolder.Contents contents =
          Fuzz.typedOnly(
              () -> ConfigFolder.read(dir, device -> Optional.empty(), Platforms.builtIn()));
      assertNotNull(contents, "no contents");
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(DeviceOutputFuzzTest::delete);
      }
    }
  }

  private static void delete(Path p) {
    try {
      Files.delete(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
