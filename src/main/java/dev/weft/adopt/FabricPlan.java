package dev.weft.adopt;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.LiveProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The switch-wide plan most devices share, part by part ({@link PlanPart}). A device agrees with a
 * candidate when its platform would hold the candidate exactly as it holds its own value ({@link
 * LiveProfile#expected} of both), so a platform that cannot carry a part (OpenConfig's hash) or
 * derives it (NVUE's watchdog timers) agrees with the devices that state it. The candidate most
 * devices agree with wins; ties go to the one more devices hold literally, then to the first device
 * by name.
 */
final class FabricPlan {

  private FabricPlan() {}

  /**
   * @param devices the imported switches, by name
   * @param profiles each device's live profile, by name
   * @return a switch carrying the winning value of every part (its ports are the first device's)
   */
  static CompiledSwitch of(Map<String, CompiledSwitch> devices, Map<String, LiveProfile> profiles) {
    List<String> names = new ArrayList<>(devices.keySet());
    CompiledSwitch plan = devices.get(names.get(0));
    for (PlanPart part : PlanPart.values()) {
      CompiledSwitch best = null;
      int bestScore = -1;
      int bestLiteral = -1;
      List<Object> tried = new ArrayList<>();
      for (String candidate : names) {
        CompiledSwitch source = devices.get(candidate);
        Object key = part.key(source);
        if (tried.contains(key)) {
          if (part == PlanPart.QUEUES
              && best != null
              && key.equals(part.key(best))
              && named(source)
              && !named(best)) {
            best = source; // the same plan, from a device that names its classes (EOS numbers them)
          }
          continue;
        }
        tried.add(key);
        int score = 0;
        int literal = 0;
        for (String d : names) {
          CompiledSwitch sw = devices.get(d);
          if (part.key(sw).equals(key)) {
            literal++;
          }
          if (agrees(part, sw, source, profiles.get(d))) {
            score++;
          }
        }
        boolean tie = score == bestScore && literal == bestLiteral;
        if (score > bestScore
            || (score == bestScore && literal > bestLiteral)
            || (tie && part == PlanPart.QUEUES && named(source) && !named(best))) {
          best = source;
          bestScore = score;
          bestLiteral = literal;
        }
      }
      plan = part.apply(plan, best);
    }
    return plan;
  }

  /**
   * Whether the device's config names its traffic classes (NVUE numbers them): the better source of
   * class names.
   */
  private static boolean named(CompiledSwitch sw) {
    return sw.queues().stream().anyMatch(q -> q.trafficClass() != null);
  }

  /**
   * Whether {@code sw}'s platform holds {@code source}'s value of the part as it holds {@code sw}'s
   * own.
   */
  static boolean agrees(
      PlanPart part, CompiledSwitch sw, CompiledSwitch source, LiveProfile profile) {
    if (part.key(sw).equals(part.key(source))) {
      return true;
    }
    try {
      return part.key(profile.expected(part.apply(sw, source)))
          .equals(part.key(profile.expected(sw)));
    } catch (RuntimeException e) {
      return false; // a value the platform's normalisation cannot take is not one it holds
    }
  }
}
