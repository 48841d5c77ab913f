package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.source.SourceFile;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutates a realistic inventory file at random (fixed seed, so every run checks the same inputs)
 * and requires the parser's contract for each: no exception, and either a tree or located one-line
 * findings.
 */
class YamlParserFuzzTest {

  private static final String SEED_FILE =
      """
            version: 1
            fabric:
              name: pod-a
              transport: roce-v2
              mtu: { switch: 9216, nic: 4200, roce: 4096 }
              traffic-classes:
                - name: rdma
                  dscp: [26]
                  priority: 3
                  ecn: { min: 150KB, max: 1500KB, probability: 100 }
                  scheduler: &dwrr { type: dwrr, weight: 50 }
                - name: default
                  dscp: default
                  scheduler: *dwrr
            switches:
              - name: leaf-01
                management: { host: 127.0.0.1, port: 18301, credentials: lab }
                ports:
                  - { name: Ethernet0, profile: host-400g }
                  - name: "Ethernet8"
                    description: 'uplink: to spine'
                    mtu: 9216
            waivers:
              - rule: ecn-thresholds
                reason: |
                  vendor guidance
                expires: 2027-03-31
            """;

  private static final byte[] INTERESTING =
      "{}[]:,-?&*!|>'\"#%@`\t\n \0\r~.0x".getBytes(StandardCharsets.US_ASCII);

  @Test
  void randomMutationsNeverThrowAndAlwaysLocateTheProblem() {
    YamlParser parser = new YamlParser(LoadLimits.defaults());
    Random random = new Random(20261130L);
    byte[] seed = SEED_FILE.getBytes(StandardCharsets.UTF_8);
    int rejected = 0;
    for (int round = 0; round < 1000; round++) {
      byte[] bytes = mutate(seed, random);
      SourceFile file = new SourceFile("inv/f.yaml", bytes, "x");
      ParseResult result = parser.parse(file);
      if (result.root() == null) {
        rejected++;
        assertFalse(result.findings().isEmpty(), "a rejected file says why");
      }
      for (Finding f : result.findings()) {
        assertEquals("yaml-syntax", f.rule());
        assertNotNull(f.location(), f.message());
        assertEquals("inv/f.yaml", f.location().file());
        assertFalse(f.message().contains("\n"), f.message());
        assertFalse(
            f.message().contains("reader failed"), "every failure is understood: " + f.message());
      }
    }
    assertTrue(
        rejected > 100 && rejected < 1000, "the mutations exercise both outcomes: " + rejected);
  }

  private static byte[] mutate(byte[] seed, Random random) {
    byte[] out = seed.clone();
    int edits = 1 + random.nextInt(4);
    for (int e = 0; e < edits; e++) {
      int at = random.nextInt(out.length);
      switch (random.nextInt(3)) {
        case 0 -> out[at] = INTERESTING[random.nextInt(INTERESTING.length)];
        case 1 -> out[at] = (byte) random.nextInt(256);
        default -> {
          byte[] shorter = new byte[out.length - 1];
          System.arraycopy(out, 0, shorter, 0, at);
          System.arraycopy(out, at + 1, shorter, at, out.length - at - 1);
          out = shorter;
        }
      }
    }
    return out;
  }
}
