package dev.weft.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import dev.weft.units.UnitException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;

/**
 * The unit parsers on anything YAML can hand them (text, whole and decimal numbers of any size): a
 * value within the quantity's range or a {@link UnitException}, never another exception.
 */
class UnitParserFuzzTest {

  static final List<Function<Object, Object>> PARSERS =
      List.of(Speed::parse, Size::parse, Length::parse, TimeSpan::parse);

  @FuzzTest
  void anyTextIsAQuantityOrAUnitError(FuzzedDataProvider data) {
    String text = data.consumeRemainingAsString();
    for (Function<Object, Object> parse : PARSERS) {
      Fuzz.typedOnly(() -> parse.apply(text), UnitException.class);
    }
  }

  /**
   * A YAML number as the loader hands it: a long, an integer beyond a long, or a decimal of any
   * scale.
   */
  @FuzzTest
  void anyNumberIsAQuantityOrAUnitError(FuzzedDataProvider data) {
    Object number =
        switch (data.consumeInt(0, 2)) {
          case 0 -> data.consumeLong();
          case 1 -> {
            byte[] magnitude = data.consumeBytes(20);
            yield magnitude.length == 0 ? BigInteger.ZERO : new BigInteger(magnitude);
          }
          default -> BigDecimal.valueOf(data.consumeLong(), data.consumeInt(-400, 400));
        };
    for (Function<Object, Object> parse : PARSERS) {
      Fuzz.typedOnly(() -> parse.apply(number), UnitException.class);
    }
  }
}
