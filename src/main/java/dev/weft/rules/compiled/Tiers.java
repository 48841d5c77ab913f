package dev.weft.rules.compiled;

/**
 * The tier of a switch role in a Clos fabric: leaf below spine below super-spine. Up-down routing
 * climbs tiers and then descends; links inside one tier are lateral.
 */
final class Tiers {

  private Tiers() {}

  static int rank(String role) {
    if (role == null) {
      return 0;
    }
    return switch (role) {
      case "leaf" -> 1;
      case "spine" -> 2;
      case "super-spine" -> 3;
      default -> 0;
    };
  }
}
