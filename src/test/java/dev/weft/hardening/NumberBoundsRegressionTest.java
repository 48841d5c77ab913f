package dev.weft.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.Weft;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 15, "numbers crash the loader": each value that once ended in exit 3 (a JsonNodeException
 * from the schema library, an ArithmeticException from headroom) or ran for a minute is now a
 * schema finding at the value's file:line:column, and validate completes with exit 1.
 */
class NumberBoundsRegressionTest {

  @ParameterizedTest(name = "{0} {1}: {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        // inventory  | file                 | written                                  | replaced
        // by
        "roce-pod-a | fabric.yaml          | min: 150KB                               | min: 1e309",
        "roce-pod-a | fabric.yaml          | max: 1500KB                              | max: -1e309",
        "roce-pod-a | fabric.yaml          | probability: 100                         | probability: 1e309",
        "roce-pod-a | fabric.yaml          | priority: 3                              | priority: -1e309",
        "roce-pod-a | fabric.yaml          | weight: 50                               | weight: 1e309",
        "roce-pod-a | switches/leaves.yaml | port: 18301                              | port: 1e309",
        "roce-pod-a | profiles.yaml        | speed: 400G                              | speed: 2147483648",
        "roce-pod-a | profiles.yaml        | speed: 400G                              | speed: 10000000000000000G",
        "roce-pod-a | profiles.yaml        | speed: 400G                              | speed: 1e309",
        "roce-pod-a | links/fabric.yaml    | cable-length: 30m                        | cable-length: 1000000000000000000000000000000000000",
        "roce-pod-a | links/fabric.yaml    | cable-length: 30m                        | cable-length: 1000000000000000000000000000000000000m",
        "roce-pod-a | links/fabric.yaml    | cable-length: 30m                        | cable-length: 1000000000000000000000000000000000000.0",
        "roce-pod-a | links/fabric.yaml    | cable-length: 30m                        | cable-length: 9000000000000000000",
        "roce-pod-a | fabric.yaml          | detection: 200ms                         | detection: 99999999999999999999s",
        "ib-pod-b   | subnet.yaml          | 'pkey: \"0x0101\"'                       | pkey: 1e309",
        "ib-pod-b   | subnet.yaml          | sl: 0                                    | sl: 1e309",
        "ib-pod-b   | subnet.yaml          | weight: 64                               | weight: -1e309",
        "ib-pod-b   | subnet.yaml          | lmc: 0                                   | lmc: 1e309",
        "ib-pod-b   | subnet.yaml          | rate: 400G                               | rate: 10000000000000000G",
        "ib-pod-b   | links.yaml           | cable-length: 3m                         | cable-length: 1000000000000000000000000000000000000",
      })
  void anOutOfRangeNumberIsASchemaFindingAtItsLine(
      String inventory, String file, String written, String replaced, @TempDir Path dir)
      throws Exception {
    Path inv = Weft.copyExample(inventory, dir.resolve(inventory));
    Weft.replaceFirst(inv.resolve(file), written, replaced);
    Weft.Run run =
        Assertions.assertTimeoutPreemptively(
            Duration.ofSeconds(60), () -> Weft.run("validate", inv.toString()));
    assertEquals(1, run.exitCode(), run.toString());
    assertFalse(run.err().contains("internal error"), run.toString());
    Pattern located = Pattern.compile(Pattern.quote(file) + ":\\d+:\\d+: error \\[schema\\]");
    assertTrue(
        located.matcher(run.out()).find(), "no located schema finding in " + file + ":\n" + run);
  }
}
