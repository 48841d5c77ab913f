package dev.weft.platform.junos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.platform.ReadException;
import dev.weft.xml.HardenedXml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Junos configuration text, curly and {@code display set}, into Junos's XML element tree. */
class JunosTextTest {

  private static String xml(String text) throws ReadException {
    return HardenedXml.toXml(JunosText.configuration(text, "f.conf"));
  }

  @Test
  void aListEntryAndTheLeavesOnItsLineComeFromTheYangShape() throws Exception {
    String out =
        xml(
            "class-of-service {\n  forwarding-classes {\n"
                + "    class NO-LOSS queue-num 4 no-loss pfc-priority 3;\n  }\n"
                + "  schedulers {\n    s1 {\n"
                + "      drop-profile-map loss-priority any protocol any drop-profile dp1;\n"
                + "      transmit-rate percent 5;\n    }\n  }\n"
                + "  interfaces {\n    et-* {\n      scheduler-map sm1;\n"
                + "      classifiers { ieee-802.1 pcp; }\n"
                + "      unit * { classifiers { dscp mydscp; } }\n    }\n  }\n}\n");
    assertTrue(
        out.contains(
            "<class><name>NO-LOSS</name><queue-num>4</queue-num><no-loss/>"
                + "<pfc-priority>3</pfc-priority></class>"),
        out);
    assertTrue(
        out.contains(
            "<schedulers><name>s1</name><drop-profile-map><loss-priority>any</loss-priority>"
                + "<protocol>any</protocol><drop-profile>dp1</drop-profile></drop-profile-map>"
                + "<transmit-rate><percent>5</percent></transmit-rate></schedulers>"),
        out);
    // the interface list's name is left out of the text; a unit's dscp is a list entry, the
    // interface's ieee-802.1 a container whose unnamed leaf is the classifier's name
    assertTrue(
        out.contains(
            "<interfaces><interface><name>et-*</name><scheduler-map>sm1</scheduler-map>"
                + "<classifiers><ieee-802.1><classifier-name>pcp</classifier-name></ieee-802.1>"
                + "</classifiers><unit><name>*</name><classifiers><dscp><name>mydscp</name>"
                + "</dscp></classifiers></unit></interface></interfaces>"),
        out);
    assertTrue(
        out.contains("<class-of-service xmlns=\"" + JunosPack.COS + "\">"), "namespace: " + out);
  }

  @Test
  void theDisplaySetFormBuildsTheSameTreeMergingRepeatedPaths() throws Exception {
    String curly =
        "interfaces {\n  et-0/0/1 {\n    mtu 9216;\n    speed 400g;\n  }\n}\n"
            + "class-of-service {\n  forwarding-classes {\n"
            + "    class NO-LOSS queue-num 4 no-loss pfc-priority 3;\n  }\n"
            + "  drop-profiles {\n    dp1 {\n      interpolate {\n"
            + "        fill-level [ 55 90 ];\n        drop-probability [ 0 100 ];\n"
            + "      }\n    }\n  }\n}\n";
    String set =
        "set interfaces et-0/0/1 mtu 9216\n"
            + "set interfaces et-0/0/1 speed 400g\n"
            + "set class-of-service forwarding-classes class NO-LOSS queue-num 4\n"
            + "set class-of-service forwarding-classes class NO-LOSS no-loss\n"
            + "set class-of-service forwarding-classes class NO-LOSS pfc-priority 3\n"
            + "set class-of-service drop-profiles dp1 interpolate fill-level 55\n"
            + "set class-of-service drop-profiles dp1 interpolate fill-level 90\n"
            + "set class-of-service drop-profiles dp1 interpolate drop-probability 0\n"
            + "set class-of-service drop-profiles dp1 interpolate drop-probability 100\n";
    assertEquals(xml(curly), xml(set));
    assertEquals(xml(curly), xml(DisplaySet.of(curly)));
  }

  @Test
  void commentsQuotedStringsAndMarkersAreReadAsJunosDoes() throws Exception {
    String out =
        xml(
            "## Last commit: 2026-12-01 by weft\nversion 24.4R1-EVO;\n"
                + "/* an annotation */\ninterfaces {\n"
                + "  et-0/0/1 {\n    description \"to gpu; {rack 1}\"; # why\n  }\n"
                + "  inactive: et-0/0/2 {\n    mtu 1500;\n  }\n}\n"
                + "protect: class-of-service {\n  forwarding-classes {\n"
                + "    inactive: class OLD queue-num 5;\n    class NEW queue-num 6;\n  }\n}\n");
    assertTrue(out.contains("<description>to gpu; {rack 1}</description>"), out);
    assertFalse(out.contains("et-0/0/2"), "an inactive interface is not running: " + out);
    assertFalse(out.contains("OLD"), out);
    assertTrue(out.contains("<class><name>NEW</name><queue-num>6</queue-num></class>"), out);
    assertTrue(out.contains("<version>24.4R1-EVO</version>"), "kept generically: " + out);
  }

  @Test
  void aDeactivatedOrDeletedSetPathIsNotRunning() throws Exception {
    String out =
        xml(
            "set interfaces et-0/0/1 mtu 9216\n"
                + "set interfaces et-0/0/2 mtu 9216\n"
                + "set interfaces et-0/0/3 mtu 9216\n"
                + "deactivate interfaces et-0/0/2\n"
                + "delete interfaces et-0/0/3 mtu\n");
    assertFalse(out.contains("et-0/0/2"), out);
    assertTrue(out.contains("<interface><name>et-0/0/3</name></interface>"), out);
    assertTrue(out.contains("<name>et-0/0/1</name><mtu>9216</mtu>"), out);
  }

  @Test
  void whatTheSchemaDoesNotKnowIsKeptGenerically() throws Exception {
    String out =
        xml(
            "policy-options {\n  community C members [ 5:20007 21001:26000 ];\n}\n"
                + "protocols {\n  bgp {\n    group l3clos-l {\n"
                + "      export ( A && B );\n    }\n  }\n}\n");
    assertTrue(out.contains("<community>C members 5:20007 21001:26000</community>"), out);
    assertTrue(
        out.contains("<group><name>l3clos-l</name><export>( A &amp;&amp; B )</export>"), out);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "class-of-service {\\n  forwarding-classes {\\n| f.conf:2:22: this '{' is never closed",
        "interfaces { et-0/0/0 { mtu 9216; }\\n}}| f.conf:2:2: a '}' that closes no block",
        "/* never closed| f.conf:1:1: a comment '/*' is never closed",
        "system { host-name \"open; }| f.conf:1:20: a quoted string is never closed",
        "class-of-service { forwarding-classes { class; } }| f.conf:1:41: 'class' needs a name",
        "interfaces { et-0/0/0 { mtu; } }| f.conf:1:25: 'mtu' needs a value",
        "system { host-name a }| f.conf:1:22: a ';' is missing before '}'",
        "system { host-name a;| f.conf:1:8: this '{' is never closed",
        "interfaces { et-0/0/0 { mtu [ 1 2 ]; } }| f.conf:1:29: a value list [ ... ] where one",
        "system { ; }| f.conf:1:10: a ';' where a statement was expected",
        "bogus: system { }| f.conf:1:1: unknown marker 'bogus:'",
        "set interfaces et-0/0/0 mtu 1\\nshow interfaces| f.conf:2:1: a 'display set' line starts",
        "set interfaces et-0/0/0 { mtu 1 }| f.conf:1:25: a '{' in a 'display set' line",
      })
  void textJunosWouldNotLoadIsRefusedAtItsLineAndColumn(String text, String message) {
    ReadException e =
        assertThrows(
            ReadException.class,
            () -> JunosText.configuration(text.replace("\\n", "\n"), "f.conf"));
    assertTrue(e.getMessage().startsWith(message.strip()), e.getMessage());
  }

  @Test
  void nestingAndSizeAreBounded() {
    String deep = "a {\n".repeat(JunosText.MAX_DEPTH + 1);
    ReadException nested =
        assertThrows(ReadException.class, () -> JunosText.configuration(deep, "f.conf"));
    assertTrue(nested.getMessage().contains("nest deeper than 64"), nested.getMessage());
    String big = "#".repeat(JunosText.MAX_CHARS + 1);
    ReadException size =
        assertThrows(ReadException.class, () -> JunosText.configuration(big, "f.conf"));
    assertTrue(size.getMessage().contains("characters, more than"), size.getMessage());
  }

  @Test
  void xmlAndTextAreToldApartByTheirFirstCharacter() {
    assertFalse(JunosText.isText("\uFEFF  <rpc-reply/>"));
    assertTrue(JunosText.isText("system { }"));
    assertTrue(JunosText.isText("set system host-name a"));
  }
}
