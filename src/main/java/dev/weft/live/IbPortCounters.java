package dev.weft.live;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The port counters of every connected switch and HCA port, read on the SM host with
 * infiniband-diags: {@code ibnetdiscover -p} for the ports and their peers, then {@code perfquery
 * -a -l LID} once per switch (each port's PortCounters) and {@code perfquery LID PORT} per HCA
 * port. What a port's answer lacks is left out of its counters, never read as zero.
 */
public final class IbPortCounters {

  /** Longest tool output parsed: a 64-port switch's perfquery prints about 40 kB. */
  static final int MAX_CHARS = 4 * 1024 * 1024;

  /** The PortCounters fields kept, by the name perfquery prints. */
  public static final List<String> FIELDS =
      List.of(
          "SymbolErrorCounter",
          "LinkErrorRecoveryCounter",
          "LinkDownedCounter",
          "PortRcvErrors",
          "PortXmitDiscards",
          "PortXmitWait");

  /**
   * {@code SW 4 6 0x0002c903000a0002 4x SDR - SW 2 1 0x... ( 'leaf-01' - 'spine-01' )}: type, LID,
   * port, GUID (a switch's node GUID, an HCA's port GUID), then the peer's type, LID, port, GUID.
   */
  private static final Pattern LINK =
      Pattern.compile(
          "^(CA|SW)\\s+(\\d+)\\s+(\\d+)\\s+(0x[0-9a-fA-F]+)\\s.*?\\s-\\s+(CA|SW)\\s+\\d+\\s+(\\d+)\\s+(0x[0-9a-fA-F]+)\\s");

  private static final Pattern BLOCK = Pattern.compile("^# Port counters: Lid (\\d+) port (\\d+)");
  private static final Pattern FIELD = Pattern.compile("^(\\w+):\\.*(\\S*)\\s*$");

  /** One end of a link as the fabric shows it. */
  public record End(boolean isSwitch, String guid, int port) {}

  /**
   * One connected port and what it counted.
   *
   * @param counters perfquery field name → value (fields it did not print are absent)
   */
  public record Port(End end, End peer, Map<String, Long> counters) {
    public Port {
      counters = Collections.unmodifiableMap(new TreeMap<>(counters));
    }
  }

  /**
   * The fabric's ports, and what could not be read (one line each: the command and why).
   *
   * @param ports in discovery order
   */
  public record Read(List<Port> ports, List<String> problems) {
    public Read {
      ports = List.copyOf(ports);
      problems = List.copyOf(problems);
    }
  }

  private final IbTools tools;

  public IbPortCounters(IbTools tools) {
    this.tools = tools;
  }

  /**
   * Reads every connected port's counters. Throws when the fabric cannot be discovered at all; a
   * node whose counters cannot be read is a problem of that node, the others are still read.
   */
  public Read read() throws IbReadException {
    String discovered = limited("ibnetdiscover -p", tools.run(List.of("ibnetdiscover", "-p")));
    Map<String, Link> links = new TreeMap<>();
    Map<String, String> switchLids = new TreeMap<>();
    for (String line : discovered.split("\n")) {
      Matcher m = LINK.matcher(line);
      if (!m.find()) {
        continue;
      }
      End end = new End(m.group(1).equals("SW"), guid(m.group(4)), port(m.group(3)));
      End peer = new End(m.group(5).equals("SW"), guid(m.group(7)), port(m.group(6)));
      links.putIfAbsent(key(end), new Link(end, peer, m.group(2)));
      if (end.isSwitch()) {
        switchLids.put(end.guid(), m.group(2));
      }
    }
    if (links.isEmpty()) {
      throw new IbReadException("ibnetdiscover found no connected port");
    }
    List<String> problems = new ArrayList<>();
    Map<String, Map<String, Long>> byLidPort = new TreeMap<>();
    for (String lid : new java.util.TreeSet<>(switchLids.values())) {
      query(List.of("perfquery", "-a", "-l", lid), byLidPort, problems);
    }
    for (Link l : links.values()) {
      if (!l.end().isSwitch()) {
        query(List.of("perfquery", l.lid(), String.valueOf(l.end().port())), byLidPort, problems);
      }
    }
    List<Port> ports = new ArrayList<>();
    for (Link l : links.values()) {
      Map<String, Long> c = byLidPort.get(l.lid() + ":" + l.end().port());
      if (c != null) {
        ports.add(new Port(l.end(), l.peer(), c));
      }
    }
    return new Read(ports, problems);
  }

  private record Link(End end, End peer, String lid) {}

  private void query(
      List<String> args, Map<String, Map<String, Long>> into, List<String> problems) {
    String command = String.join(" ", args);
    try {
      parse(limited(command, tools.run(args)), into);
    } catch (IbReadException e) {
      problems.add(command + ": " + e.getMessage());
    }
  }

  /** Each {@code # Port counters: Lid L port P} block's kept fields, under {@code L:P}. */
  static void parse(String text, Map<String, Map<String, Long>> into) throws IbReadException {
    Map<String, Long> current = null;
    int blocks = 0;
    for (String line : text.split("\n")) {
      Matcher b = BLOCK.matcher(line);
      if (b.find()) {
        current = new TreeMap<>();
        into.put(b.group(1) + ":" + b.group(2), current);
        blocks++;
        continue;
      }
      Matcher f = FIELD.matcher(line.strip());
      if (current != null && f.matches() && FIELDS.contains(f.group(1))) {
        try {
          long v = Long.parseLong(f.group(2));
          if (v >= 0) {
            current.put(f.group(1), v);
          }
        } catch (NumberFormatException e) {
          // not a count: the field stays unread rather than becoming 0
        }
      }
    }
    if (blocks == 0) {
      throw new IbReadException("expected `# Port counters: Lid L port P` blocks, found none");
    }
  }

  private static String limited(String command, String text) throws IbReadException {
    if (text.length() > MAX_CHARS) {
      throw new IbReadException(
          command
              + " printed "
              + text.length()
              + " characters, more than the "
              + MAX_CHARS
              + " Weft parses");
    }
    return text;
  }

  /**
   * A port number of ibnetdiscover's (digits, by the pattern); one past an int is not what the tool
   * prints (IB ports are 1..254): a read error naming the tool, not a NumberFormatException (found
   * by IbPortCountersFuzzTest).
   */
  private static int port(String digits) throws IbReadException {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IbReadException(
          "ibnetdiscover -p printed port '"
              + (digits.length() > 40 ? digits.substring(0, 40) + "..." : digits)
              + "' where a port number belongs");
    }
  }

  private static String key(End e) {
    return e.guid() + ":" + e.port();
  }

  static String guid(String hex) {
    String g = hex.toLowerCase(Locale.ROOT).substring(2);
    return "0x" + "0".repeat(Math.max(0, 16 - g.length())) + g;
  }
}
