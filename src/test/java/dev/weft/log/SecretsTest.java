package dev.weft.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretsTest {

  @Test
  void valuesAfterSecretWordsAreMaskedWhateverTheSpelling() {
    assertEquals("password=*** user=admin", Secrets.mask("password=hunter2 user=admin"));
    assertEquals("Password: *** then", Secrets.mask("Password: hunter2 then"));
    assertEquals("{\"token\": \"***\"}", Secrets.mask("{\"token\": \"abc.def\"}"));
    assertEquals(
        "<nc:password>***</nc:password>", Secrets.mask("<nc:password>hunter2</nc:password>"));
    String key =
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----";
    assertFalse(Secrets.mask("key " + key).contains("b3BlbnNzaC1rZXk"));
  }

  @Test
  void ordinaryTextIsLeftAlone() {
    String line = "leaf-01 (127.0.0.1:830) <- reply 3 to <get-config>: 5120 bytes in 12 ms";
    assertEquals(line, Secrets.mask(line));
    assertEquals(null, Secrets.mask(null));
  }

  @Test
  void debugWinsOverVerboseAndNeitherIsQuiet() {
    assertEquals(Verbosity.DEBUG, Verbosity.fromArgs(List.of("drift", "--verbose", "--debug")));
    assertEquals(Verbosity.VERBOSE, Verbosity.fromArgs(List.of("validate", "--verbose")));
    assertEquals(Verbosity.QUIET, Verbosity.fromArgs(List.of("validate")));
  }
}
