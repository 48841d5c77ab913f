package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Versions;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A device older than the site minimum ({@code versions.switch-os-minimum}, {@code
 * versions.nic-firmware-minimum}). Minimums record fixes the fabric depends on: go-back-N
 * retransmission instead of go-back-0 (a livelock under tiny loss, Microsoft SIGCOMM'16 §4.1), NIC
 * pause-storm prevention (§4.3), CNP counting (Meta SIGCOMM'24). Versions compare piece by piece,
 * numbers as numbers ({@code 28.9} is older than {@code 28.10}).
 */
public final class VersionBelowMinimum implements Rule {

  static final String ID = "version-below-minimum";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Versions versions = DeviceVersions.of(input.model());
    if (versions == null) {
      return List.of();
    }
    return DeviceVersions.judge(
        input.model(),
        versions.nicFirmwareMinimum(),
        versions.switchOsMinimum(),
        (v, min) ->
            compare(v.value(), min) >= 0
                ? null
                : Finding.of(
                        ID,
                        Severity.WARNING,
                        v.who()
                            + " runs "
                            + v.running()
                            + ", older than the site minimum "
                            + min
                            + " ("
                            + v.pinAt("-minimum")
                            + ")")
                    .withValues(">= " + min, v.value()));
  }

  /**
   * Compares versions piece by piece: runs of digits as numbers, runs of letters as text, anything
   * else a separator; a version that runs out of pieces first is the older ({@code 4.32} before
   * {@code 4.32.1}).
   */
  static int compare(String a, String b) {
    List<String> x = pieces(a);
    List<String> y = pieces(b);
    for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
      String p = x.get(i);
      String q = y.get(i);
      boolean pn = Character.isDigit(p.charAt(0));
      boolean qn = Character.isDigit(q.charAt(0));
      int c;
      if (pn && qn) {
        c = new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q));
      } else if (pn != qn) {
        c = pn ? 1 : -1; // 4.32.1 is newer than 4.32.rc1: a number beats a pre-release word
      } else {
        c = p.compareToIgnoreCase(q);
      }
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.size(), y.size());
  }

  private static List<String> pieces(String v) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < v.length()) {
      char c = v.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        i++;
        continue;
      }
      int j = i;
      boolean digit = Character.isDigit(c);
      while (j < v.length()
          && Character.isLetterOrDigit(v.charAt(j))
          && Character.isDigit(v.charAt(j)) == digit) {
        j++;
      }
      out.add(v.substring(i, j));
      i = j;
    }
    return out;
  }
}
