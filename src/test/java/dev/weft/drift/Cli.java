package dev.weft.drift;

import dev.weft.cli.Main;
import dev.weft.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** One in-process run of the real command tree, with its JSON report read back (drift, backup). */
public record Cli(int exit, String out, String err) {

  public static Cli run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Cli(code, out.toString(), err.toString());
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> json() throws Exception {
    return (Map<String, Object>) Json.parse(out);
  }

  /** Every finding but {@code not-audited} (information on what the platform does not serve). */
  public List<Map<String, Object>> findings() throws Exception {
    return all().stream().filter(f -> !"not-audited".equals(f.get("rule"))).toList();
  }

  public List<Map<String, Object>> notAudited() throws Exception {
    return all().stream().filter(f -> "not-audited".equals(f.get("rule"))).toList();
  }

  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> all() throws Exception {
    return (List<Map<String, Object>>) json().get("findings");
  }

  /** Device name → status, with {@code :reason} when there is one. */
  @SuppressWarnings("unchecked")
  public Map<String, String> devices() throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (Map<String, Object> d : (List<Map<String, Object>>) json().get("devices")) {
      out.put(
          (String) d.get("name"),
          d.get("status") + (d.get("reason") == null ? "" : ":" + d.get("reason")));
    }
    return out;
  }

  /** The remediation plan of {@code device} in a {@code weft remediate} report. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> plan(String device) throws Exception {
    return ((List<Map<String, Object>>) json().get("plans"))
        .stream()
            .filter(p -> device.equals(p.get("device")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no plan of " + device + ": " + out));
  }

  /** The plan's parts as {@code feature port}, sorted. */
  @SuppressWarnings("unchecked")
  public List<String> parts(String device) throws Exception {
    return ((List<Map<String, Object>>) plan(device).get("parts"))
        .stream().map(p -> p.get("feature") + " " + p.get("port")).sorted().toList();
  }

  /** The plan's steps in order, as {@code step} or {@code step:result} when not ok. */
  @SuppressWarnings("unchecked")
  public List<String> steps(String device) throws Exception {
    return ((List<Map<String, Object>>) plan(device).get("steps"))
        .stream()
            .map(s -> s.get("step") + ("ok".equals(s.get("result")) ? "" : ":" + s.get("result")))
            .toList();
  }

  /** Every finding of {@code device}, {@code not-audited} included. */
  public List<Map<String, Object>> findings(String device) throws Exception {
    return all().stream().filter(f -> device.equals(f.get("device"))).toList();
  }

  /** The first finding of {@code rule}, {@code not-audited} excluded; fails when there is none. */
  public Map<String, Object> finding(String rule) throws Exception {
    return findings().stream()
        .filter(f -> rule.equals(f.get("rule")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + rule + ": " + out));
  }

  /** The names of the steps {@code weft remediate} ran on {@code device}, in order. */
  @SuppressWarnings("unchecked")
  public List<String> stepNames(String device) throws Exception {
    return ((List<Map<String, Object>>) plan(device).get("steps"))
        .stream().map(s -> (String) s.get("step")).toList();
  }
}
