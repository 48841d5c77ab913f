package dev.weft.rules.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Version order as engineers read it: numbers as numbers, a release after its candidates. */
class VersionBelowMinimumTest {

  @Test
  void numbersCompareAsNumbers() {
    assertTrue(VersionBelowMinimum.compare("28.9.1000", "28.10.1000") < 0);
    assertTrue(VersionBelowMinimum.compare("28.43.1014", "28.39.1002") > 0);
    assertTrue(VersionBelowMinimum.compare("202305", "202311") < 0);
    assertTrue(VersionBelowMinimum.compare("4.32.2F", "4.32.10F") < 0);
  }

  @Test
  void equalVersionsAreEqualAndShorterIsOlder() {
    assertEquals(0, VersionBelowMinimum.compare("5.11.1", "5.11.1"));
    assertEquals(0, VersionBelowMinimum.compare("5.11.1", "5-11-1"), "separators do not matter");
    assertTrue(VersionBelowMinimum.compare("4.32", "4.32.1") < 0);
  }

  @Test
  void aReleaseIsNewerThanItsCandidates() {
    assertTrue(VersionBelowMinimum.compare("4.32.rc1", "4.32.1") < 0);
    assertTrue(VersionBelowMinimum.compare("4.32.2F", "4.32.2M") < 0, "letters compare as text");
  }
}
