package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.NicKnobs;
import dev.weft.testing.LabTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every rendered {@code roce-qos.sh} in a sandboxed dry run, on the two layouts a ConnectX host can
 * have:
 *
 * <ul>
 *   <li><b>MLNX_OFED</b>: the ecn sysfs knobs ({@code roce_np/enable/<prio>}, {@code cnp_dscp},
 *       {@code cnp_802p_prio}), the {@code tc/1/traffic_class} knob, and {@code mlnx_qos};
 *   <li><b>upstream mlx5</b>: no ecn sysfs knobs, the debugfs {@code cc_params} of the PCI
 *       function, and iproute2's {@code dcb} instead of {@code mlnx_qos}.
 * </ul>
 *
 * {@code /sys}, debugfs and configfs are fake trees in a temporary folder; the host tools are STUBS
 * that keep their state in files (a real NIC cannot be had here): {@code mlnx_qos}, {@code dcb},
 * {@code ethtool}, {@code ip}. The checks: every setting ends at the model's value through the path
 * the layout has, a second run applies nothing, {@code --check} reports without changing and fails
 * on a drifted knob, and on the upstream layout the settings it cannot apply are named and the exit
 * status is 1. Every script also passes shellcheck.
 */
@LabTest(needs = {"/usr/bin/shellcheck"})
class RoceQosScriptTest {

  private static final List<String> SYSTEM_TOOLS =
      List.of(
          "bash",
          "env",
          "cat",
          "readlink",
          "basename",
          "dirname",
          "sed",
          "awk",
          "grep",
          "tr",
          "mkdir",
          "head",
          "sort",
          "seq",
          "cut");

  private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

  @Test
  void onMlnxOfedEverySettingIsAppliedOnceAndCheckedWithoutChange(@TempDir Path dir)
      throws Exception {
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      CompiledHost host = fabric.hosts().get(0);
      Sandbox box = new Sandbox(dir.resolve(inventory), host, true);
      Run first = box.run(renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh"));
      assertEquals(0, first.exit(), first.out());
      for (CompiledNic nic : host.nics()) {
        box.assertApplied(nic);
        assertEquals(
            "106", box.read("sys/class/infiniband/" + nic.rdmaDevice() + "/tc/1/traffic_class"));
        for (int prio = 0; prio < 8; prio++) {
          assertEquals(
              String.valueOf(nic.ecnNotificationPoint().get(prio)),
              box.read("sys/class/net/" + nic.name() + "/ecn/roce_np/enable/" + prio));
          assertEquals(
              String.valueOf(nic.ecnReactionPoint().get(prio)),
              box.read("sys/class/net/" + nic.name() + "/ecn/roce_rp/enable/" + prio));
        }
        assertEquals(
            String.valueOf(nic.cnpDscp()),
            box.read("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_dscp"));
        assertEquals(
            String.valueOf(nic.cnpPriority()),
            box.read("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_802p_prio"));
        assertEquals(
            String.valueOf(nic.cableLengthMetres()), box.mlnxState(nic.name()).get("cable"));
      }
      assertTrue(first.out().contains("applied"), first.out());

      Run again = box.run(null);
      assertEquals(0, again.exit(), again.out());
      assertFalse(again.out().contains("applied"), "a second run changes nothing:\n" + again.out());

      Run check = box.run(null, "--check");
      assertEquals(0, check.exit(), check.out());
      CompiledNic nic = host.nics().get(0);
      box.write("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_dscp", "56");
      Run drifted = box.run(null, "--check");
      assertEquals(1, drifted.exit(), drifted.out());
      assertTrue(
          drifted
              .out()
              .contains(
                  "differs     cnp dscp " + nic.name() + ": want " + nic.cnpDscp() + ", have 56"),
          drifted.out());
      assertEquals(
          "56",
          box.read("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_dscp"),
          "--check changes nothing");
    }
  }

  @Test
  void onTheUpstreamDriverWhatItHasIsAppliedAndWhatItLacksIsNamedWithExitOne(@TempDir Path dir)
      throws Exception {
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      CompiledHost host = fabric.hosts().get(0);
      Sandbox box = new Sandbox(dir.resolve(inventory), host, false);
      Run run = box.run(renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh"));
      assertEquals(1, run.exit(), run.out());
      TreeSet<String> expected = new TreeSet<>();
      for (CompiledNic nic : host.nics()) {
        box.assertApplied(nic);
        String cc = "debug/mlx5/" + box.pci(nic) + "/cc_params/";
        assertEquals(String.valueOf(nic.cnpDscp()), box.read(cc + "np_cnp_dscp"));
        assertEquals(String.valueOf(nic.cnpPriority()), box.read(cc + "np_cnp_prio"));
        assertEquals("0", box.read(cc + "np_cnp_prio_mode"));
        assertTrue(run.out().contains("n/a         traffic class " + nic.rdmaDevice()), run.out());
        expected.add("ecn per priority " + nic.name());
        if (nic.cableLengthMetres() != null) {
          expected.add("cable length " + nic.name());
        }
      }
      assertEquals(expected, box.unavailable(run.out()), run.out());
      assertTrue(run.err().contains("could not be applied: "), run.err());

      Run check = box.run(null, "--check");
      assertEquals(1, check.exit(), check.out());
      assertEquals(expected, box.unavailable(check.out()), check.out());
      assertFalse(
          check.out().contains("differs"),
          "after the run every setting it has is applied:\n" + check.out());
    }
  }

  @Test
  void everyRenderedHostScriptPassesShellcheck(@TempDir Path dir) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("shellcheck", "--shell=bash", "--severity=style"));
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledHost host : fabric.hosts()) {
        Path script = dir.resolve(inventory + "-" + host.name() + ".sh");
        Files.writeString(script, renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh"));
        cmd.add(script.toString());
      }
    }
    CompiledFabric knobs = knobs();
    for (CompiledHost host : knobs.hosts()) {
      Path script = dir.resolve("nic-knobs-" + host.name() + ".sh");
      Files.writeString(script, renderer.renderDevice(host, knobs.fabric()).text("roce-qos.sh"));
      cmd.add(script.toString());
    }
    assertTrue(cmd.size() > 20, cmd.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "shellcheck hung");
    assertEquals(0, p.exitValue(), out);
  }

  @Test
  void ncclPinsTheGidIndexOnlyWhereTheIntentDoes() {
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledHost host : fabric.hosts()) {
        String env = renderer.renderDevice(host, fabric.fabric()).text("nccl.env");
        assertTrue(env.contains("NCCL_IB_TC=" + host.nics().get(0).roceTos() + "\n"), env);
        if (host.gidIndex() == null) {
          assertFalse(env.contains("NCCL_IB_GID_INDEX"), host.name() + ":\n" + env);
          assertTrue(env.contains("\nNCCL_IB_ROCE_VERSION_NUM=2\n"), env);
        } else {
          assertTrue(env.contains("\nNCCL_IB_GID_INDEX=" + host.gidIndex() + "\n"), env);
        }
      }
    }
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    CompiledHost pinned =
        fabric.hosts().stream()
            .filter(h -> h.gidIndex() != null)
            .findFirst()
            .orElseThrow(() -> new AssertionError("roce-pod-c has a host with gid-index"));
    assertTrue(
        renderer
            .renderDevice(pinned, fabric.fabric())
            .text("nccl.env")
            .contains("NCCL_IB_GID_INDEX=" + pinned.gidIndex()));
  }

  /**
   * A plan with no RoCE class (no lossless and no ECN-marked class: an import of a buffer-only
   * config, with lossless-priority-count waived) has no ToS for NCCL: nccl.env leaves NCCL_IB_TC
   * out and says why, rather than stop the host's render on an undefined value.
   */
  @Test
  void withoutARoceClassNcclEnvLeavesTheTrafficClassOut(@TempDir Path dir) throws Exception {
    String knobs =
        Files.readString(
            Examples.projectRoot().resolve("src/test/resources/nic-knobs/fabric.yaml"),
            StandardCharsets.UTF_8);
    int from = knobs.indexOf("  traffic-classes:\n");
    int to = knobs.indexOf("  pfc:\n");
    String lossy =
        knobs.substring(0, from)
            + "  traffic-classes:\n"
            + "    - { name: default, dscp: default, priority: 0, scheduler: { type: strict } }\n"
            + knobs.substring(to);
    Files.createDirectories(dir.resolve("inv"));
    Files.writeString(dir.resolve("inv/fabric.yaml"), lossy, StandardCharsets.UTF_8);
    CompiledFabric fabric = Examples.compile(dir, Path.of("inv"));
    CompiledHost host = fabric.hosts().get(0);
    assertEquals(null, host.nics().get(0).roceTos(), "the plan has no RoCE class");
    String env = renderer.renderDevice(host, fabric.fabric()).text("nccl.env");
    assertFalse(env.contains("NCCL_IB_TC="), env);
    assertTrue(env.contains("# No NCCL_IB_TC: the plan has no RoCE class"), env);
  }

  /** The inventory that writes every nic-qos knob, with a NIC model that replaces some. */
  private static CompiledFabric knobs() {
    return Examples.compile(Examples.projectRoot(), Path.of("src/test/resources/nic-knobs"));
  }

  @Test
  void theNicKnobsAreAppliedOnMlnxOfedAndCheckedThroughMlnxQosAndSysfs(@TempDir Path dir)
      throws Exception {
    CompiledFabric fabric = knobs();
    CompiledHost host = fabric.hosts().get(0);
    String text = renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh");
    Sandbox box = new Sandbox(dir, host, true);
    Run first = box.run(text);
    assertEquals(0, first.exit(), first.out());
    for (CompiledNic nic : host.nics()) {
      assertKnobs(box, nic, rp -> "sys/class/net/" + nic.name() + "/ecn/roce_rp/" + rp);
    }
    assertTrue(first.out().contains("applied     ets eth0: "), first.out());
    assertTrue(first.out().contains("applied     dcqcn rp rpg_ai_rate eth1: 10 ("), first.out());

    Run again = box.run(null);
    assertEquals(0, again.exit(), again.out());
    assertFalse(again.out().contains("applied"), "a second run changes nothing:\n" + again.out());
    assertEquals(0, box.run(null, "--check").exit());

    box.write("sys/class/net/eth0/ecn/roce_rp/rpg_ai_rate", "7");
    box.put("eth1", "p2b", "0,0,0,0,0,0,0,0");
    box.put("eth1", "tcbw", "13,13,13,13,12,12,12,12");
    Run drifted = box.run(null, "--check");
    assertEquals(1, drifted.exit(), drifted.out());
    assertTrue(
        drifted.out().contains("differs     dcqcn rp rpg_ai_rate eth0: want 5, have 7"),
        drifted.out());
    assertTrue(
        drifted
            .out()
            .contains("differs     prio2buffer eth1: want 0,0,0,1,0,0,0,0, have 0,0,0,0,0,0,0,0"),
        drifted.out());
    assertTrue(
        drifted.out().contains("differs     ets eth1: want tsa ets,ets,ets,ets,ets,ets,strict,ets"),
        drifted.out());
    assertEquals(
        "7", box.read("sys/class/net/eth0/ecn/roce_rp/rpg_ai_rate"), "--check changes nothing");
  }

  @Test
  void theNicKnobsAreAppliedOnTheUpstreamDriverThroughDcbAndDebugfs(@TempDir Path dir)
      throws Exception {
    CompiledFabric fabric = knobs();
    CompiledHost host = fabric.hosts().get(0);
    Sandbox box = new Sandbox(dir, host, false);
    Run run = box.run(renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh"));
    assertEquals(1, run.exit(), run.out());
    TreeSet<String> expected = new TreeSet<>();
    for (CompiledNic nic : host.nics()) {
      String cc = "debug/mlx5/" + box.pci(nic) + "/cc_params/";
      assertKnobs(box, nic, rp -> cc + NicKnobs.parameter(rp).debugfsName());
      expected.add("ecn per priority " + nic.name());
      expected.add("cable length " + nic.name());
    }
    assertEquals(expected, box.unavailable(run.out()), "every knob has a path here:\n" + run.out());

    Run check = box.run(null, "--check");
    assertEquals(expected, box.unavailable(check.out()), check.out());
    assertFalse(check.out().contains("differs"), check.out());
    box.write("debug/mlx5/" + box.pci(host.nics().get(1)) + "/cc_params/rp_dce_tcp_g", "1000");
    Run drifted = box.run(null, "--check");
    assertTrue(
        drifted.out().contains("differs     dcqcn rp dce_tcp_g eth1: want 1019, have 1000"),
        drifted.out());
  }

  @Test
  void withoutNicKnobsTheScriptDefinesNoneOfTheirFunctions() {
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledHost host : fabric.hosts()) {
        String text = renderer.renderDevice(host, fabric.fabric()).text("roce-qos.sh");
        for (String function : List.of("rx_buffers()", "ets()", "dcqcn_rp()", "list_pairs()")) {
          assertFalse(text.contains(function), host.name() + " defines " + function);
        }
      }
    }
  }

  /**
   * Every knob of the NIC as its compiled plan has it, read from the stubs' state and the files.
   */
  private static void assertKnobs(
      Sandbox box, CompiledNic nic, java.util.function.Function<String, String> rpFile)
      throws IOException {
    NicKnobs k = nic.knobs();
    Map<String, String> qos = box.mlnxState(nic.name());
    assertEquals(join(k.prio2buffer()), qos.get("p2b"), nic.name());
    assertEquals(join(k.bufferSize()), qos.get("bufsize"), nic.name());
    assertEquals(String.join(",", k.tsa()), qos.get("tsa"), nic.name());
    assertEquals(join(k.bw()), qos.get("tcbw"), nic.name());
    assertEquals("0,1,2,3,4,5,6,7", qos.get("priotc"), nic.name());
    assertEquals(9, k.dcqcnRp().size(), nic.name() + ": " + k.dcqcnRp());
    for (Map.Entry<String, Long> e : k.dcqcnRp().entrySet()) {
      String file = rpFile.apply(e.getKey());
      if (!Files.exists(box.root.resolve(file))) {
        file = file.replace("/roce_rp/", "/roce_rp/params/");
      }
      assertEquals(String.valueOf(e.getValue()), box.read(file), nic.name() + " " + e.getKey());
    }
  }

  private static String join(List<? extends Number> values) {
    return String.join(",", values.stream().map(String::valueOf).toList());
  }

  record Run(int exit, String out, String err) {}

  /** A host's fake /sys, debugfs and configfs, the stub tools and their state. */
  private static final class Sandbox {
    private static final Pattern UNAVAILABLE = Pattern.compile("(?m)^unavailable (.+?): ");
    private final Path root;
    private final Path bin;
    private final Path script;
    private final CompiledHost host;

    Sandbox(Path root, CompiledHost host, boolean ofed) throws IOException {
      this.root = Files.createDirectories(root);
      this.host = host;
      this.bin = Files.createDirectories(root.resolve("bin"));
      this.script = root.resolve("roce-qos.sh");
      for (String tool : SYSTEM_TOOLS) {
        Path real = Path.of("/usr/bin", tool);
        Files.createSymbolicLink(
            bin.resolve(tool), Files.exists(real) ? real : Path.of("/bin", tool));
      }
      stub(
          "ip",
          """
                    [ "$1 $2 $3" = "link set dev" ] && [ "$5" = mtu ] || exit 1
                    echo "$6" > "$ROCE_QOS_SYSFS/class/net/$4/mtu\"""");
      stub(
          "ethtool",
          """
                    f="$STATE/pause.$2"; [ -f "$f" ] || echo on > "$f"
                    case $1 in
                      -a) printf 'Pause parameters for %s:\\nAutonegotiate:\\toff\\nRX:\\t\\t%s\\nTX:\\t\\t%s\\n' "$2" "$(cat "$f")" "$(cat "$f")" ;;
                      -A) echo off > "$f" ;;
                      *) exit 1 ;;
                    esac""");
      int function = 0;
      for (CompiledNic nic : host.nics()) {
        String pci = "0000:3b:00." + function++;
        Path device = Files.createDirectories(root.resolve("sys/devices/pci0000:3a").resolve(pci));
        Path net = Files.createDirectories(root.resolve("sys/class/net").resolve(nic.name()));
        Files.createSymbolicLink(net.resolve("device"), device);
        write("sys/class/net/" + nic.name() + "/mtu", "1500");
        write("config/rdma_cm/" + nic.rdmaDevice() + "/ports/1/default_roce_mode", "IB/RoCE v1");
        write("config/rdma_cm/" + nic.rdmaDevice() + "/ports/1/default_roce_tos", "0");
        if (ofed) {
          for (int prio = 0; prio < 8; prio++) {
            write("sys/class/net/" + nic.name() + "/ecn/roce_np/enable/" + prio, "1");
            write("sys/class/net/" + nic.name() + "/ecn/roce_rp/enable/" + prio, "1");
          }
          write("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_dscp", "0");
          write("sys/class/net/" + nic.name() + "/ecn/roce_np/cnp_802p_prio", "0");
          write("sys/class/infiniband/" + nic.rdmaDevice() + "/tc/1/traffic_class", "0");
          for (NicKnobs.RpParameter rp : NicKnobs.RP_PARAMETERS) {
            // MLNX_OFED's documentation names both ecn/roce_rp/<name> and its params/ folder
            String folder = rp.ofedName().equals("dce_tcp_rtt") ? "/params/" : "/";
            write("sys/class/net/" + nic.name() + "/ecn/roce_rp" + folder + rp.ofedName(), "0");
          }
        } else {
          for (String knob : List.of("np_cnp_dscp", "np_cnp_prio", "np_cnp_prio_mode")) {
            write("debug/mlx5/" + pci + "/cc_params/" + knob, "1");
          }
          for (NicKnobs.RpParameter rp : NicKnobs.RP_PARAMETERS) {
            write("debug/mlx5/" + pci + "/cc_params/" + rp.debugfsName(), "0");
          }
        }
      }
      Files.createDirectories(root.resolve("state"));
      if (ofed) {
        stub("mlnx_qos", MLNX_QOS);
      } else {
        stub("dcb", DCB);
      }
    }

    /** The state files the stub tools keep: the DSCP map of a fresh NIC is DSCP >> 3. */
    private static final String DSCP_INIT =
        """
                f="$STATE/qos.$IF"
                if [ ! -f "$f" ]; then
                  { echo trust=pcp; echo pfc=0,0,0,0,0,0,0,0; echo cable=7
                    echo p2b=0,0,0,0,0,0,0,0; echo bufsize=131072,0,0,0,0,0,0,0
                    echo tsa=ets,ets,ets,ets,ets,ets,ets,ets; echo tcbw=13,13,13,13,12,12,12,12; echo priotc=1,0,2,3,4,5,6,7
                    for d in $(seq 0 63); do echo "dscp$d=$((d >> 3))"; done; } > "$f"
                fi
                get() { sed -n "s/^$1=//p" "$f"; }
                put() { sed -i "s/^$1=.*/$1=$2/" "$f"; }
                """;

    /**
     * mlnx_qos (mlnx-tools) as far as the script uses it: show, --trust, --pfc, --dscp2prio set,
     * --cable_len.
     */
    private static final String MLNX_QOS =
        """
                [ "$1" = -i ] || exit 1
                IF=$2; shift 2
                """
            + DSCP_INIT
            + """
                case "${1:-}" in
                  ""|-a) echo "DCBX mode: OS controlled"; echo "Priority trust state: $(get trust)"; echo "dscp2prio mapping:"
                      awk -F= '/^dscp[0-9]/ { d = substr($1, 5) + 0; l[$2] = sprintf("%02d,", d) l[$2] }
                        END { for (p = 0; p < 8; p++) printf "\\tprio:%d dscp:%s\\n", p, l[p] }' "$f"
                      echo "Receive buffer size (bytes): $(get bufsize),total_size=1048576"
                      echo "Cable len: $(get cable)"; echo "PFC configuration:"; echo "	priority    0   1   2   3   4   5   6   7"
                      echo "	enabled     $(get pfc | tr ',' ' ' | sed 's/ /   /g')"
                      echo "	buffer      $(get p2b | tr ',' ' ' | sed 's/ /   /g')"
                      [ "${1:-}" = -a ] && awk -F= '/^tsa=/ { split($2, t, ",") } /^tcbw=/ { split($2, w, ",") } /^priotc=/ { split($2, q, ",") }
                        END { for (i = 1; i <= 8; i++) {
                          if (t[i] == "ets") printf "tc: %d ratelimit: unlimited, tsa: ets, bw: %s%%\\n", i - 1, w[i]
                          else printf "tc: %d ratelimit: unlimited, tsa: %s\\n", i - 1, t[i]
                          for (p = 1; p <= 8; p++) if (q[p] == i - 1) printf "\\t priority:  %d\\n", p - 1 } }' "$f"
                      exit 0 ;;
                esac
                while [ $# -gt 0 ]; do
                  case "$1" in
                    --trust) put trust "$2" ;;
                    --pfc) put pfc "$2" ;;
                    --cable_len) put cable "$2" ;;
                    --dscp2prio) IFS=, read -r op d p <<< "$2"; [ "$op" = set ] || exit 1; put "dscp$d" "$p" ;;
                    --prio2buffer) put p2b "$2" ;;
                    --buffer_size) put bufsize "$2" ;;
                    --prio_tc) put priotc "$2" ;;
                    --tsa) put tsa "$2" ;;
                    --tcbw) put tcbw "$2" ;;
                    *) exit 1 ;;
                  esac
                  shift 2
                done""";

    /**
     * iproute2 dcb as far as the script uses it: apptrust, pfc prio-pfc, app dscp-prio (numeric).
     */
    private static final String DCB =
        """
                [ "$1" = -N ] && shift
                [ "$1" = -j ] && shift
                obj=$1 verb=$2 IF=$4; shift 4
                """
            + DSCP_INIT
            + """
                case "$obj $verb" in
                  "apptrust show") echo "order $(get trust)" ;;
                  "apptrust set") put trust "$2" ;;
                  "pfc show") l=""; i=0; for v in $(get pfc | tr ',' ' '); do l="$l $i:$([ $v = 1 ] && echo on || echo off)"; i=$((i + 1)); done
                              echo "prio-pfc${l}" ;;
                  "pfc set") shift; l=""; for pv in "$@"; do l="$l,$([ "${pv#*:}" = on ] && echo 1 || echo 0)"; done; put pfc "${l#,}" ;;
                  "app show") awk -F= '/^dscp[0-9]/ { printf " %d:%s", substr($1, 5), $2 } END { print "" }' "$f" | sed 's/^/dscp-prio/' ;;
                  "app replace") put "dscp${2%%:*}" "${2##*:}" ;;
                  "buffer show") printf '{"prio_buffer":[%s],"buffer_size":[%s],"total_size":1048576}\\n' "$(get p2b)" "$(get bufsize)" ;;
                  "ets show") printf '{"willing":false,"ets_cap":8,"cbs":false,"tc_bw":[%s],"pg_bw":[0,0,0,0,0,0,0,0],"tc_tsa":[%s],"prio_tc":[%s]}\\n' \\
                                "$(get tcbw)" "$(get tsa | sed 's/[a-z]*/"&"/g')" "$(get priotc)" ;;
                  "buffer set"|"ets set")
                    key=""; l=""
                    for a in "$@" ""; do
                      case $a in
                        *:*) l="$l,${a#*:}" ;;
                        *) if [ -n "$key" ]; then put "$key" "${l#,}"; fi; l=""
                           case $a in prio-buffer) key=p2b ;; buffer-size) key=bufsize ;; tc-tsa) key=tsa ;; tc-bw) key=tcbw ;; prio-tc) key=priotc ;; "") key="" ;; *) exit 1 ;; esac ;;
                      esac
                    done ;;
                  *) exit 1 ;;
                esac""";

    private void stub(String name, String body) throws IOException {
      Path stub = bin.resolve(name);
      Files.writeString(
          stub,
          "#!/usr/bin/env bash\nset -u\necho \""
              + name
              + " $*\" >> \"$STATE/calls.log\"\n"
              + body
              + "\n");
      Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    Run run(String text, String... args) throws IOException, InterruptedException {
      if (text != null) {
        Files.writeString(script, text);
      }
      List<String> cmd = new ArrayList<>(List.of("/bin/bash", script.toString()));
      cmd.addAll(List.of(args));
      ProcessBuilder pb = new ProcessBuilder(cmd);
      pb.environment().clear();
      pb.environment()
          .putAll(
              Map.of(
                  "PATH",
                  bin.toString(),
                  "STATE",
                  root.resolve("state").toString(),
                  "ROCE_QOS_SYSFS",
                  root.resolve("sys").toString(),
                  "ROCE_QOS_DEBUGFS",
                  root.resolve("debug").toString(),
                  "ROCE_QOS_CONFIGFS",
                  root.resolve("config").toString()));
      Path out = root.resolve("out.log");
      Path err = root.resolve("err.log");
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "script hung");
      return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /**
     * What every layout applies: MTU, pause off, RDMA-CM mode and ToS, trust, PFC and the DSCP map.
     */
    void assertApplied(CompiledNic nic) throws IOException {
      assertEquals(
          String.valueOf(nic.mtu()), read("sys/class/net/" + nic.name() + "/mtu"), nic.name());
      assertEquals("off", read("state/pause." + nic.name()), nic.name());
      assertEquals(
          "RoCE v2", read("config/rdma_cm/" + nic.rdmaDevice() + "/ports/1/default_roce_mode"));
      assertEquals(
          String.valueOf(nic.roceTos()),
          read("config/rdma_cm/" + nic.rdmaDevice() + "/ports/1/default_roce_tos"));
      Map<String, String> qos = mlnxState(nic.name());
      assertEquals(nic.trustDscp() ? "dscp" : "pcp", qos.get("trust"), nic.name());
      assertEquals(
          String.join(",", nic.pfc().stream().map(String::valueOf).toList()),
          qos.get("pfc"),
          nic.name());
      Map<Integer, Integer> dscp = new TreeMap<>();
      for (int d = 0; d < 64; d++) {
        dscp.put(d, Integer.parseInt(qos.get("dscp" + d)));
      }
      Map<Integer, Integer> want = new TreeMap<>();
      for (int d = 0; d < 64; d++) {
        want.put(d, nic.dscpToPriority().getOrDefault(d, d >> 3));
      }
      assertEquals(want, dscp, nic.name() + ": the NIC's whole DSCP map");
    }

    Map<String, String> mlnxState(String iface) throws IOException {
      Map<String, String> out = new TreeMap<>();
      for (String line : Files.readAllLines(root.resolve("state/qos." + iface))) {
        int eq = line.indexOf('=');
        out.put(line.substring(0, eq), line.substring(eq + 1));
      }
      return out;
    }

    /** Changes one value of a stub tool's state, as a drifted NIC would have it. */
    void put(String iface, String key, String value) throws IOException {
      Path f = root.resolve("state/qos." + iface);
      List<String> lines = new ArrayList<>();
      for (String line : Files.readAllLines(f)) {
        lines.add(line.startsWith(key + "=") ? key + "=" + value : line);
      }
      Files.write(f, lines);
    }

    String pci(CompiledNic nic) {
      return "0000:3b:00." + host.nics().indexOf(nic);
    }

    TreeSet<String> unavailable(String out) {
      TreeSet<String> names = new TreeSet<>();
      Matcher m = UNAVAILABLE.matcher(out);
      while (m.find()) {
        names.add(m.group(1).strip());
      }
      return names;
    }

    String read(String file) throws IOException {
      return Files.readString(root.resolve(file)).strip();
    }

    void write(String file, String value) throws IOException {
      Path f = root.resolve(file);
      Files.createDirectories(f.getParent());
      Files.writeString(f, value + "\n");
    }
  }
}
