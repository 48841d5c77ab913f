package dev.weft.testing;

import dev.weft.accel.FastMode;
import java.util.function.Supplier;

/** Runs work with {@code -Dweft.fast} set to a mode, and the property as it was afterwards. */
public final class WithFastMode {

  private WithFastMode() {}

  public static <T> T run(String mode, Supplier<T> work) {
    String before = System.getProperty(FastMode.PROPERTY);
    System.setProperty(FastMode.PROPERTY, mode);
    try {
      return work.get();
    } finally {
      if (before == null) {
        System.clearProperty(FastMode.PROPERTY);
      } else {
        System.setProperty(FastMode.PROPERTY, before);
      }
    }
  }
}
