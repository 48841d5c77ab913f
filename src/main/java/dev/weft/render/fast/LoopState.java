package dev.weft.render.fast;

/**
 * The {@code loop} variable of a running for loop, as Jinjava's {@code ForLoop} over a collection
 * of known size: {@code index} (1-based), {@code index0}, {@code first}, {@code last}, {@code
 * length}, {@code revindex}, {@code revindex0}. Owned by one render.
 */
final class LoopState {
  private final int length;
  private int index0 = -1;

  LoopState(int length) {
    this.length = length;
  }

  void advance() {
    index0++;
  }

  Object attribute(String name) {
    return switch (name) {
      case "index" -> index0 + 1;
      case "index0" -> index0;
      case "first" -> index0 == 0;
      case "last" -> index0 == length - 1;
      case "length" -> length;
      case "revindex" -> length - index0;
      case "revindex0" -> length - index0 - 1;
      default -> throw new Bail("loop." + name);
    };
  }
}
