package dev.weft.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.platform.ReadException;
import dev.weft.platform.junos.JunosPack;

/**
 * Junos configuration text, curly and {@code display set}, through the Junos pack's reader: a
 * compiled switch or a {@link ReadException} naming file, line and column, never another exception.
 * Seeds: Juniper's RoCEv2 CoS snippet in both forms ({@code JunosTextFuzzTestInputs}).
 */
class JunosTextFuzzTest {

  private static final JunosPack PACK = new JunosPack();

  @FuzzTest
  void anyTextIsASwitchOrALocatedReadError(FuzzedDataProvider data) {
    String text = data.consumeRemainingAsString();
    Fuzz.typedOnly(() -> PACK.read(text, "fuzz-device", "fuzz.conf"), ReadException.class);
  }
}
