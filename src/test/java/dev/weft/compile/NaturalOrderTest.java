package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NaturalOrderTest {

  @Test
  void numbersCompareByValue() {
    List<String> names =
        new ArrayList<>(
            List.of(
                "Ethernet10",
                "Ethernet2",
                "swp1s10",
                "Ethernet0",
                "swp1s2",
                "Ethernet02",
                "leaf-1000",
                "leaf-999",
                "Ethernet1/10",
                "Ethernet1/9",
                "a",
                "Ethernet"));
    names.sort(NaturalOrder.INSTANCE);
    assertEquals(
        List.of(
            "Ethernet",
            "Ethernet0",
            "Ethernet1/9",
            "Ethernet1/10",
            "Ethernet02",
            "Ethernet2",
            "Ethernet10",
            "a",
            "leaf-999",
            "leaf-1000",
            "swp1s2",
            "swp1s10"),
        names);
  }

  @Test
  void orderIsTotal() {
    assertEquals(-1, Integer.signum(NaturalOrder.INSTANCE.compare("Ethernet02", "Ethernet2")));
    assertEquals(1, Integer.signum(NaturalOrder.INSTANCE.compare("Ethernet2", "Ethernet02")));
    assertEquals(0, NaturalOrder.INSTANCE.compare("Ethernet2", "Ethernet2"));
  }
}
