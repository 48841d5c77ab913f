package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

class DevicePoolTest {

  @Test
  void resultsComeBackInInputOrderAndEveryItemIsReportedDone() throws Exception {
    ConcurrentLinkedQueue<String> done = new ConcurrentLinkedQueue<>();
    List<String> out =
        DevicePool.run(
            List.of("c", "a", "b"),
            2,
            "test",
            s -> s.toUpperCase(),
            (s, e) -> "failed " + s,
            done::add);
    assertEquals(List.of("C", "A", "B"), out);
    assertEquals(List.of("A", "B", "C"), done.stream().sorted().toList());
  }

  @Test
  void whatOneItemThrowsIsThatItemsResultAndTheOthersComplete() throws Exception {
    List<String> out =
        DevicePool.run(
            List.of("ok-1", "npe", "deep", "ok-2"),
            3,
            "test",
            s -> {
              switch (s) {
                case "npe" -> throw new NullPointerException("a reader's bug");
                case "deep" -> throw new StackOverflowError();
                default -> {
                  return s;
                }
              }
            },
            (s, e) -> s + ": " + e.getClass().getSimpleName(),
            r -> {});
    assertEquals(
        List.of("ok-1", "npe: NullPointerException", "deep: StackOverflowError", "ok-2"), out);
  }

  @Test
  void anEmptyListNeedsNoThreadsAndABadParallelismIsRefused() throws Exception {
    assertEquals(
        List.of(), DevicePool.run(List.<String>of(), 4, "test", s -> s, (s, e) -> s, r -> {}));
    assertThrows(
        IllegalArgumentException.class,
        () -> DevicePool.run(List.of("a"), 0, "test", s -> s, (s, e) -> s, r -> {}));
  }
}
