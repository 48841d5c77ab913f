package dev.weft.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

class BackupRepositoryTest {

  private static final Instant T1 = Instant.parse("2026-11-30T08:00:00Z");
  private static final Instant T2 = Instant.parse("2026-11-30T09:00:00Z");

  @TempDir Path dir;

  /** The <data> element of a reply as netconfd sends it (prefixes declared on the reply root). */
  private static Element data(String body) throws Exception {
    String reply =
        "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\""
            + " xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\"><data>"
            + body
            + "</data></rpc-reply>";
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    var doc =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(reply.getBytes(StandardCharsets.UTF_8)));
    return (Element) doc.getDocumentElement().getElementsByTagNameNS("*", "data").item(0);
  }

  private static final String LEAF1 =
      "\n  <interfaces xmlns=\"http://openconfig.net/yang/interfaces\">"
          + "<interface><name>Ethernet1</name><config><name>Ethernet1</name>"
          + "<type>ianaift:ethernetCsmacd</type><mtu>9216</mtu><description>a &lt; b &amp; c</description>"
          + "</config></interface></interfaces>\n";

  @Test
  void prettyPrintsDeterministicallyAndKeepsValuePrefixesResolvable() throws Exception {
    String text = BackupXml.render(data(LEAF1));
    assertEquals(
        """
                <?xml version="1.0" encoding="UTF-8"?>
                <data xmlns="urn:ietf:params:xml:ns:netconf:base:1.0">
                  <interfaces xmlns="http://openconfig.net/yang/interfaces">
                    <interface>
                      <name>Ethernet1</name>
                      <config>
                        <name>Ethernet1</name>
                        <type xmlns:ianaift="urn:ietf:params:xml:ns:yang:iana-if-type">ianaift:ethernetCsmacd</type>
                        <mtu>9216</mtu>
                        <description>a &lt; b &amp; c</description>
                      </config>
                    </interface>
                  </interfaces>
                </data>
                """,
        text);
    // other whitespace, prefixes and declaration places give the same bytes
    String other =
        "<x:interfaces xmlns:x=\"http://openconfig.net/yang/interfaces\"><x:interface>  <x:name>Ethernet1</x:name>"
            + "<x:config><x:name>Ethernet1</x:name><x:type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
            + "ianaift:ethernetCsmacd</x:type><x:mtu>9216</x:mtu><x:description>a &lt; b &amp; c</x:description>"
            + "<!-- a comment --></x:config></x:interface></x:interfaces>";
    assertEquals(text, BackupXml.render(data(other)));
  }

  @Test
  void oneCommitPerRunNamingChangedDevicesAndNoCommitWithoutChange() throws Exception {
    Map<String, Element> run1 =
        new TreeMap<>(Map.of("leaf-1", data(LEAF1), "leaf-2", data("<qos xmlns=\"q\"/>")));
    try (BackupRepository repo = BackupRepository.openOrInit(dir.resolve("backup"))) {
      BackupResult r1 = repo.record(run1, List.of(), T1);
      assertTrue(r1.committed());
      assertEquals(List.of("leaf-1", "leaf-2"), r1.changed());
      assertEquals(
          "weft backup: 2 of 2 devices changed\n\nchanged: leaf-1, leaf-2\n", r1.message());
      assertEquals(
          BackupXml.render(run1.get("leaf-1")),
          Files.readString(repo.workTree().resolve("leaf-1.xml")));

      BackupResult r2 = repo.record(run1, List.of("spine-1"), T2);
      assertFalse(r2.committed(), "nothing changed: no commit");
      assertEquals(List.of("leaf-1", "leaf-2"), r2.unchanged());
    }
    // a new run on the reopened repository: one device changed, one unreachable
    Map<String, Element> run3 =
        new TreeMap<>(
            Map.of(
                "leaf-1",
                data(LEAF1.replace("9216", "9100")),
                "leaf-2",
                data("<qos xmlns=\"q\"/>")));
    try (BackupRepository repo = BackupRepository.openOrInit(dir.resolve("backup"))) {
      BackupResult r3 = repo.record(run3, List.of("spine-1"), T2);
      assertEquals(List.of("leaf-1"), r3.changed());
      assertEquals(
          "weft backup: 1 of 3 devices changed\n\nchanged: leaf-1\nunchanged: leaf-2\n"
              + "unreachable (last backup kept): spine-1\n",
          r3.message());
    }
    try (Git git = Git.open(dir.resolve("backup").toFile())) {
      List<RevCommit> log = new java.util.ArrayList<>();
      git.log().call().forEach(log::add);
      assertEquals(2, log.size(), "two runs changed something, one did not");
      assertEquals("weft backup: 1 of 3 devices changed", log.get(0).getShortMessage());
      assertEquals("weft", log.get(0).getAuthorIdent().getName());
      assertEquals(T2, log.get(0).getAuthorIdent().getWhenAsInstant());
      assertTrue(git.status().call().isClean());
    }
  }

  @Test
  void refusesANonRepositoryDirectoryWithFilesAndUnsafeDeviceNames() throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "x");
    BackupException e = assertThrows(BackupException.class, () -> BackupRepository.openOrInit(dir));
    assertEquals(
        dir
            + " is not a Git repository and not empty; give an existing backup repository or an empty"
            + " directory",
        e.getMessage());
    try (BackupRepository repo = BackupRepository.openOrInit(dir.resolve("b"))) {
      for (String bad : new String[] {"../x", ".git", "-rf", "a/b", ""}) {
        assertThrows(
            BackupException.class,
            () -> repo.record(Map.of(bad, data("<a xmlns=\"q\"/>")), List.of(), T1),
            bad);
      }
    }
  }
}
