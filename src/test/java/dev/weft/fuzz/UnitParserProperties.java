package dev.weft.fuzz;

import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import dev.weft.units.UnitException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The unit parsers on anything YAML can hand them (text, whole and decimal numbers of any size): a value within
 * the quantity's range or a {@link UnitException}, never another exception.
 */
class UnitParserProperties {

    static final List<Function<Object, Object>> PARSERS = List.of(Speed::parse, Size::parse, Length::parse, TimeSpan::parse);

    @Property(tries = 500)
    void anyTextIsAQuantityOrAUnitError(@ForAll("quantityText") String text) {
        for (Function<Object, Object> parse : PARSERS) {
            Fuzz.typedOnly(() -> parse.apply(text), UnitException.class);
        }
    }

    @Property(tries = 500)
    void anyNumberIsAQuantityOrAUnitError(@ForAll("numbers") Object number) {
        for (Function<Object, Object> parse : PARSERS) {
            Fuzz.typedOnly(() -> parse.apply(number), UnitException.class);
        }
    }

    @Provide
    Arbitrary<String> quantityText() {
        Arbitrary<String> digits = Arbitraries.strings().withChars("0123456789.eE+-").ofMaxLength(60);
        Arbitrary<String> unit = Arbitraries.of("", "G", "T", "m", "B", "KB", "MB", "KiB", "MiB", "us", "ms", "s", "cells",
                "GG", " G", "Q", "\u221e", "\u0000");
        Arbitrary<String> composed = net.jqwik.api.Combinators.combine(digits, unit).as((d, u) -> d + u);
        return Arbitraries.oneOf(composed, Arbitraries.strings().ofMaxLength(80));
    }

    @Provide
    Arbitrary<Object> numbers() {
        Arbitrary<Object> longs = Arbitraries.longs().map(l -> (Object) l);
        Arbitrary<Object> bigs = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))
                .map(b -> (Object) b);
        Arbitrary<Object> decimals = net.jqwik.api.Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(-400, 400))
                .as((unscaled, scale) -> (Object) BigDecimal.valueOf(unscaled, scale));
        return Arbitraries.oneOf(longs, bigs, decimals);
    }
}
