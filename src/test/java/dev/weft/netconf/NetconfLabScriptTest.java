package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab script's guards, without starting devices. */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd"})
class NetconfLabScriptTest {

  @TempDir Path dir;

  @Test
  void refusesNonLoopbackListenAddresses() throws Exception {
    for (String address : new String[] {"0.0.0.0", "10.0.0.1", "127.0.0.1.5", "localhost"}) {
      NetconfLab.Result r =
          NetconfLab.exec(Map.of("NETCONF_LAB_LISTEN", address), "start", dir.toString(), "1");
      assertEquals(1, r.exit(), r.output());
      assertTrue(r.output().contains("must be a loopback address"), r.output());
    }
    assertFalse(
        Files.exists(dir.resolve("lab.env")), "nothing may be set up for a refused address");
  }

  @Test
  void rejectsBadArguments() throws Exception {
    assertEquals(2, NetconfLab.exec(Map.of(), "start", dir.toString()).exit());
    assertEquals(2, NetconfLab.exec(Map.of(), "bogus").exit());
    NetconfLab.Result zero = NetconfLab.exec(Map.of(), "start", dir.toString(), "0");
    assertEquals(1, zero.exit());
    assertTrue(zero.output().contains("N must be 1..64"), zero.output());
    NetconfLab.Result port = NetconfLab.exec(Map.of(), "start", dir.toString(), "2", "65535");
    assertEquals(1, port.exit());
    assertTrue(port.output().contains("BASE_PORT"), port.output());
  }

  @Test
  void statusOfAnEmptyDirIsStopped() throws Exception {
    NetconfLab.Result r = NetconfLab.exec(Map.of(), "status", dir.toString());
    assertEquals(3, r.exit(), r.output());
    assertTrue(r.output().startsWith("stopped"), r.output());
  }

  @Test
  void stopNeverKillsAProcessItDidNotStart() throws Exception {
    Process stranger = new ProcessBuilder("sleep", "120").start();
    try {
      Files.writeString(dir.resolve("lab.env"), "NETCONF_LAB_DEVICES=1\n");
      Path dev = Files.createDirectories(dir.resolve("dev1"));
      String pid = Long.toString(stranger.pid());
      for (String f :
          new String[] {"netconfd.pid", "sshd.pid", "netconfd.wrapper.pid", "sshd.wrapper.pid"}) {
        Files.writeString(dev.resolve(f), pid + "\n");
      }
      NetconfLab.Result r = NetconfLab.exec(Map.of(), "stop", dir.toString());
      assertEquals(0, r.exit(), r.output());
      assertTrue(stranger.isAlive(), "stop killed a process it did not start");
      assertFalse(Files.exists(dev.resolve("netconfd.pid")), "stale pid files are cleared");
    } finally {
      stranger.destroy();
      stranger.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
