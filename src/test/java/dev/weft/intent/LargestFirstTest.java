package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LargestFirstTest {

  @Test
  void resultsKeepInputOrderAndEveryItemRunsOnce() {
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      sizes.add((i * 7919) % 1000);
    }
    List<Integer> ran = new ArrayList<>();
    List<String> out =
        LargestFirst.map(
            sizes,
            s -> s,
            s -> {
              synchronized (ran) {
                ran.add(s);
              }
              return "size " + s;
            });
    assertEquals(sizes.stream().map(s -> "size " + s).toList(), out);
    assertEquals(500, ran.size());
  }

  @Test
  void emptyAndSingleInputs() {
    assertEquals(List.of(), LargestFirst.map(List.<String>of(), String::length, s -> s));
    assertEquals(List.of("A"), LargestFirst.map(List.of("a"), String::length, String::toUpperCase));
  }

  @Test
  void aFailureReachesTheCaller() {
    assertThrows(
        IllegalStateException.class,
        () ->
            LargestFirst.map(
                List.of("a", "bb", "ccc"),
                String::length,
                s -> {
                  if (s.equals("bb")) {
                    throw new IllegalStateException("boom");
                  }
                  return s;
                }));
  }
}
