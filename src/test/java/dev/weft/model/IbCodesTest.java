package dev.weft.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.units.Speed;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class IbCodesTest {

  @Test
  void mtuCodes() {
    assertEquals(5, IbCodes.mtuCode(4096).getAsInt());
    assertEquals(1, IbCodes.mtuCode(256).getAsInt());
    assertTrue(IbCodes.mtuCode(9000).isEmpty());
    assertTrue(IbCodes.mtuCode(4200).isEmpty());
    assertEquals(2048, IbCodes.mtuBytes(4).getAsInt());
    assertTrue(IbCodes.mtuBytes(6).isEmpty());
  }

  @Test
  void rateCodesAreNotOrderedBySpeed() {
    assertEquals(21, IbCodes.rateCode(new Speed(400)).getAsInt());
    assertEquals(23, IbCodes.rateCode(new Speed(800)).getAsInt());
    assertEquals(11, IbCodes.rateCode(new Speed(14)).getAsInt());
    assertEquals(15, IbCodes.rateCode(new Speed(25)).getAsInt());
    // code 11 < code 15, yet 14 Gb/s < 25 Gb/s only by decoding; code 12 (56G) > code 15 (25G) in
    // speed too
    assertTrue(IbCodes.rateGbps(12).get().compareTo(IbCodes.rateGbps(15).get()) > 0);
    assertTrue(
        IbCodes.rateGbps(5).get().compareTo(IbCodes.rateGbps(3).get())
            < 0); // code 5 = 5G < code 3 = 10G
    assertEquals(0, new BigDecimal("2.5").compareTo(IbCodes.rateGbps(2).get()));
    assertTrue(IbCodes.rateCode(new Speed(250)).isEmpty());
    assertTrue(IbCodes.encodableRates().contains("400G"));
  }
}
