package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft backup} against real NETCONF devices (scripts/netconf-lab): the example pod's two
 * OpenConfig leaves point at the lab's devices, every other switch at a closed port.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd"})
class BackupCommandTest {

  private static NetconfLab lab;
  private static NetconfLab.Device dev1;
  private static NetconfLab.Device dev2;

  @TempDir Path tmp;

  @BeforeAll
  static void startDevices() throws Exception {
    lab = NetconfLab.start(Files.createTempDirectory("weft-backup-lab"), 2);
    dev1 = lab.device(1);
    dev2 = lab.device(2);
  }

  @AfterAll
  static void stopDevices() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  /** roce-pod-c with oc-leaf-1/2 on the lab's devices and the other switches on a closed port. */
  private Path inventory() throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Path src = ProjectDir.get().resolve("inventories/roce-pod-c");
    Path dst = tmp.resolve("roce-pod-c");
    try (Stream<Path> files = Files.walk(src)) {
      for (Path p : files.toList()) {
        Path target = dst.resolve(src.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          String text =
              Files.readString(p)
                  .replace("port: 18403,", "port: " + dev1.endpoint().port() + ",")
                  .replace("port: 18404,", "port: " + dev2.endpoint().port() + ",")
                  .replaceAll("port: 1840[1256],", "port: " + closed + ",");
          Files.writeString(target, text);
        }
      }
    }
    return dst;
  }

  private Path credentials() throws IOException {
    return Files.writeString(
        tmp.resolve("credentials.yaml"),
        "lab:\n  user: " + dev1.user() + "\n  key-file: " + dev1.rsaKey() + "\n");
  }

  private Path knownHosts() throws IOException {
    return Files.writeString(
        tmp.resolve("known_hosts"),
        Files.readString(dev1.knownHosts()) + Files.readString(dev2.knownHosts()));
  }

  @Test
  void backsUpReachableDevicesOnceAndReportsTheOthers() throws Exception {
    Path inv = inventory();
    Path repo = tmp.resolve("backup");
    String[] common = {
      "--to",
      repo.toString(),
      "--known-hosts",
      knownHosts().toString(),
      "--credentials",
      credentials().toString(),
      "--timeout",
      "20s"
    };

    CliRun first =
        CliRun.of(
            concat(
                new String[] {
                  "backup",
                  inv.toString(),
                  "--device",
                  "oc-leaf-1",
                  "--device",
                  "oc-leaf-2",
                  "--format",
                  "json"
                },
                common));
    assertEquals(0, first.exitCode(), first.out() + first.err());
    assertTrue(first.err().startsWith("weft backup: 2 of 2 devices changed; commit "), first.err());
    String json = first.out().replaceAll("\\s", "");
    assertTrue(
        json.contains(
            "\"devices\":[{\"name\":\"oc-leaf-1\",\"status\":\"ok\"},"
                + "{\"name\":\"oc-leaf-2\",\"status\":\"ok\"}]"),
        first.out());
    String file = Files.readString(repo.resolve("oc-leaf-1.xml"));
    assertTrue(file.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<data xmlns="), file);

    CliRun again =
        CliRun.of(
            concat(
                new String[] {
                  "backup", inv.toString(), "--device", "oc-leaf-1", "--device", "oc-leaf-2"
                },
                common));
    assertEquals(0, again.exitCode(), again.out() + again.err());
    assertTrue(
        again.err().startsWith("weft backup: 0 of 2 devices changed; nothing to commit"),
        again.err());

    CliRun all = CliRun.of(concat(new String[] {"backup", inv.toString()}, common));
    assertEquals(1, all.exitCode(), "unreachable devices fail the run: " + all.out() + all.err());
    assertTrue(
        all.err().startsWith("weft backup: 0 of 6 devices changed; nothing to commit"), all.err());
    assertTrue(all.out().contains("switches/leaves.yaml:9:"), all.out());
    assertTrue(all.out().contains("device-unreachable"), all.out());
    assertTrue(all.out().contains("leaf-c1 (127.0.0.1:"), all.out());
    assertTrue(all.out().contains("connection refused"), all.out());
  }

  @Test
  void credentialsProblemsAreUsageErrors() throws Exception {
    Path inv = inventory();
    CliRun missing = CliRun.of("backup", inv.toString(), "--to", tmp.resolve("b").toString());
    assertEquals(2, missing.exitCode());
    assertTrue(missing.err().contains("--credentials FILE is required"), missing.err());

    Path bad = Files.writeString(tmp.resolve("bad.yaml"), "lab:\n  user: a\n  password: hunter2\n");
    CliRun withPassword =
        CliRun.of(
            "backup",
            inv.toString(),
            "--to",
            tmp.resolve("b").toString(),
            "--credentials",
            bad.toString());
    assertEquals(2, withPassword.exitCode());
    assertTrue(
        withPassword.err().contains("bad.yaml:3:3: credential 'lab' has a password in the file"),
        withPassword.err());
    assertFalse(withPassword.err().contains("hunter2"));
    assertFalse(
        Files.exists(tmp.resolve("b")), "nothing is written before the credentials are usable");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
