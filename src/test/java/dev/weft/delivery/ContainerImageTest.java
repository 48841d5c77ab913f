package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import dev.weft.testing.Golden;
import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/image builds the image from Debian packages (debootstrap) and the release archive, with
 * no registry pull, and podman runs it: {@code podman run --rm IMAGE validate
 * /data/inventories/roce-pod-a} with the inventories mounted read-only. podman keeps its images
 * under target/podman-it (its own CONTAINERS_STORAGE_CONF), so the test neither sees nor touches
 * the machine's images.
 *
 * <p>The settings in {@link #CONTAINERS_CONF} are what this kind of machine needs
 * (docs/install.md): runc, because crun refuses a cgroup v1 machine whose cgroup2 hierarchy holds a
 * controller ("cgroups in hybrid mode not supported"); open-file and process limits within the
 * machine's hard limits, because the sandbox may not raise them (podman's defaults fail with
 * "setrlimit RLIMIT_NOFILE: Operation not permitted"); cgroupfs and a file event log, because no
 * systemd runs. WEFT_SKIP_IMAGE=1 skips the test.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/podman", "/usr/sbin/debootstrap", "/usr/sbin/runc"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContainerImageTest {

  static final Path PROJECT = Golden.projectDir();
  static final String TAG = "localhost/weft-it:" + ReleaseArchive.version();
  static final String CONTAINERS_CONF =
      """
            [containers]
            default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]
            [engine]
            runtime = "%s"
            cgroup_manager = "cgroupfs"
            events_logger = "file"
            """;

  Path state;
  Map<String, String> env;

  @BeforeAll
  void buildTheImage() throws Exception {
    Assumptions.assumeFalse("1".equals(System.getenv("WEFT_SKIP_IMAGE")), "WEFT_SKIP_IMAGE=1");
    Assumptions.assumeTrue(
        "0".equals(Shell.run(PROJECT, Map.of(), List.of("id", "-u"), 1).out().strip()),
        "debootstrap needs root");
    state = PROJECT.resolve("target/podman-it");
    Files.createDirectories(state);
    Files.writeString(
        state.resolve("containers.conf"),
        CONTAINERS_CONF.formatted(Shell.has("runc") ? "runc" : "crun"));
    env =
        Map.of(
            "CONTAINERS_CONF",
            state.resolve("containers.conf").toString(),
            "CONTAINERS_STORAGE_CONF",
            storage("overlay").toString());
    if (podman("info").exit() != 0) {
      // a kernel without overlayfs for podman: the copying driver works everywhere
      env =
          Map.of(
              "CONTAINERS_CONF",
              state.resolve("containers.conf").toString(),
              "CONTAINERS_STORAGE_CONF",
              storage("vfs").toString());
    }
    Shell.Result build = Shell.run(PROJECT, env, List.of("scripts/image", "--tag", TAG), 20);
    assertEquals(0, build.exit(), build.all());
  }

  private Path storage(String driver) throws Exception {
    Path conf = state.resolve("storage-" + driver + ".conf");
    Files.writeString(
        conf,
        "[storage]\ndriver = \""
            + driver
            + "\"\ngraphroot = \""
            + state.resolve(driver + "/graph")
            + "\"\nrunroot = \""
            + state.resolve(driver + "/run")
            + "\"\n");
    return conf;
  }

  private Shell.Result podman(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("podman"));
    command.addAll(List.of(args));
    return Shell.run(PROJECT, env, command, 5);
  }

  @AfterAll
  void removeTheImage() throws Exception {
    if (env != null) {
      podman("rmi", "--force", TAG);
    }
  }

  @Test
  void theImageValidatesAnInventoryMountedReadOnly() throws Exception {
    Shell.Result run =
        podman(
            "run",
            "--rm",
            "--network",
            "none",
            "-v",
            PROJECT.resolve("inventories") + ":/data/inventories:ro",
            TAG,
            "validate",
            "/data/inventories/roce-pod-a");
    assertEquals(0, run.exit(), run.all());
    assertTrue(run.out().contains("weft validate inventories/roce-pod-a: 0 errors"), run.all());
  }

  @Test
  void aFindingInsideTheContainerIsExitOneOutside(@TempDir Path tmp) throws Exception {
    Path inventory = tmp.resolve("inventories/roce-pod-a");
    FileTrees.copy(PROJECT.resolve("inventories/roce-pod-a"), inventory);
    Path leaves = inventory.resolve("switches/leaves.yaml");
    Files.writeString(
        leaves,
        Files.readString(leaves)
            .replaceFirst(
                "- \\{ name: Ethernet0, profile: host-400g }",
                "- { name: Ethernet0, profile: host-400g, mtu: 1500 }"));
    Shell.Result run =
        podman(
            "run",
            "--rm",
            "--network",
            "none",
            "-v",
            tmp.resolve("inventories") + ":/data/inventories:ro",
            TAG,
            "validate",
            "/data/inventories/roce-pod-a",
            "--format",
            "json");
    assertEquals(1, run.exit(), run.all());
    assertTrue(run.out().contains("\"rule\": \"mtu-switch-nic\""), run.all());
  }

  @Test
  void itRunsWeftAsANonRootUserFromDebianPackagesOnly() throws Exception {
    Shell.Result config =
        podman(
            "image",
            "inspect",
            "--format",
            "{{json .Config.Entrypoint}} {{.Config.User}} {{.Config.WorkingDir}}",
            TAG);
    assertEquals("[\"weft\"] weft /data", config.out().strip(), config.all());
    Shell.Result id = podman("run", "--rm", "--network", "none", "--entrypoint", "id", TAG, "-u");
    assertEquals("10001", id.out().strip(), id.all());
    Shell.Result java =
        podman(
            "run",
            "--rm",
            "--network",
            "none",
            "--entrypoint",
            "dpkg-query",
            TAG,
            "-W",
            "-f",
            "${Package} ${Status}\\n",
            "openjdk-17-jre-headless");
    assertEquals("openjdk-17-jre-headless install ok installed", java.out().strip(), java.all());
    Shell.Result images = podman("images", "--format", "{{.Repository}}");
    assertEquals(
        List.of("localhost/weft-it"),
        images.out().lines().distinct().toList(),
        "nothing was pulled: " + images.all());
  }
}
