package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.openconfig.OpenConfigReader;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile or broken device configs give one located line, never a file read or a stack trace. */
class ReaderInputTest {
  @TempDir Path dir;

  private static void oneLine(ReadException e) {
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void xmlWithADoctypeIsRefusedBeforeAnyEntityIsRead() throws Exception {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, "TOP-SECRET");
    String xxe =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE config [<!ENTITY x SYSTEM \""
            + secret.toUri()
            + "\">]>\n"
            + "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><interfaces xmlns=\"http://openconfig.net/yang/interfaces\">"
            + "<interface><name>&x;</name></interface></interfaces></config>";
    ReadException e =
        assertThrows(ReadException.class, () -> OpenConfigReader.read(xxe, "leaf-01", "reply"));
    assertFalse(e.getMessage().contains("TOP-SECRET"), e.getMessage());
    assertTrue(e.getMessage().startsWith("reply:2:"), e.getMessage());
    assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
    oneLine(e);
    String bomb =
        "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>"
            + "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">&b;</config>";
    assertThrows(ReadException.class, () -> OpenConfigReader.read(bomb, "leaf-01", "reply"));
  }

  @Test
  void malformedXmlAndWrongRootAreLocated() {
    ReadException broken =
        assertThrows(
            ReadException.class,
            () ->
                OpenConfigReader.read(
                    "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">\n<qos>\n</config>",
                    "l",
                    "config.xml"));
    assertTrue(broken.getMessage().startsWith("config.xml:3:"), broken.getMessage());
    oneLine(broken);
    ReadException root =
        assertThrows(
            ReadException.class, () -> OpenConfigReader.read("<html/>", "l", "config.xml"));
    assertTrue(root.getMessage().contains("<config> or <data>"), root.getMessage());
  }

  @Test
  void readsTheDataOfAGetConfigReply() throws Exception {
    CompiledSwitch sw = Fixtures.leaf("leaf-01", "openconfig");
    String config =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, "pod").text("config.xml");
    String body = config.substring(config.indexOf('\n') + 1, config.lastIndexOf("</config>"));
    String reply =
        "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><data>"
            + body
            + "</data></rpc-reply>";
    assertEquals(
        ReadBack.expected(sw, "openconfig", false),
        OpenConfigReader.read(reply, "leaf-01", "get-config"));
  }

  @Test
  void danglingReferencesInXmlAreNamedByPath() {
    String xml =
        "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><qos xmlns=\"http://openconfig.net/yang/qos\">"
            + "<forwarding-groups><forwarding-group><name>tc3</name><config><name>tc3</name><output-queue>q9</output-queue>"
            + "</config></forwarding-group></forwarding-groups></qos></config>";
    ReadException e =
        assertThrows(ReadException.class, () -> OpenConfigReader.read(xml, "l", "reply"));
    assertTrue(
        e.getMessage().contains("/qos/forwarding-groups/forwarding-group[tc3]/config/output-queue"),
        e.getMessage());
    assertTrue(e.getMessage().contains("q9"), e.getMessage());
  }

  @Test
  void brokenConfigDbIsLocated() {
    ReadException json =
        assertThrows(ReadException.class, () -> SonicConfigDbReader.read("{\n  \"PORT\": {,}\n}"));
    assertTrue(json.getMessage().startsWith("config_db.json:2:"), json.getMessage());
    oneLine(json);
    ReadException value =
        assertThrows(
            ReadException.class,
            () -> SonicConfigDbReader.read("{\"PORT\": {\"Ethernet0\": {\"mtu\": \"jumbo\"}}}"));
    assertEquals(
        "PORT|Ethernet0.mtu: expected a whole number, found \"jumbo\"", value.getMessage());
    ReadException pfc =
        assertThrows(
            ReadException.class,
            () ->
                SonicConfigDbReader.read(
                    "{\"PORT_QOS_MAP\": {\"Ethernet0\": {\"pfc_enable\": \"3,9\"}}}"));
    assertEquals("PORT_QOS_MAP|Ethernet0.pfc_enable: expected 0..7, found 9", pfc.getMessage());
    ReadException ref =
        assertThrows(
            ReadException.class,
            () ->
                SonicConfigDbReader.read(
                    "{\"QUEUE\": {\"Ethernet0|3\": {\"scheduler\": \"gone\"}}}"));
    assertEquals("QUEUE|Ethernet0|3.scheduler: SCHEDULER|gone does not exist", ref.getMessage());
  }

  @Test
  void sonicDefaultsFillAbsentKeys() throws Exception {
    CompiledSwitch sw =
        SonicConfigDbReader.read(
            "{\"PORT\": {\"Ethernet0\": {\"speed\": \"100000\"}},"
                + "\"SCHEDULER\": {\"s\": {}}, \"QUEUE\": {\"Ethernet0|3-4\": {\"scheduler\": \"s\"}},"
                + "\"PFC_WD\": {\"Ethernet0\": {\"detection_time\": \"300\"}}}");
    assertEquals(9100, sw.ports().get(0).mtu());
    assertEquals(100, sw.ports().get(0).speedGbps());
    assertEquals(List.of(3, 4), sw.ports().get(0).queues().stream().map(q -> q.queue()).toList());
    assertEquals(1, sw.ports().get(0).queues().get(0).weight());
    assertEquals(600, sw.watchdog().restorationMs());
    assertEquals(200, sw.watchdog().pollMs());
    assertNull(sw.name());
  }
}
