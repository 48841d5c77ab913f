package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No built-in template carries a setting only as a comment: a value of the plan in a comment is
 * applied by nobody (the ECMP hash once was, in the EOS config). A comment line of a rendered file
 * may name the device it is for (device, fabric, NIC and its peer), nothing else; what a platform
 * cannot express is a {@code render-gap} finding. Comments are {@code #} (shell, env, YAML,
 * OpenSM), {@code !} (EOS) and {@code <!-- -->} (XML); JSON has none.
 */
class NoSettingInACommentTest {

  /** Template values that identify what a file is for, rather than configure it. */
  private static final Set<String> IDENTITY =
      Set.of(
          "name",
          "fabric",
          "sm_host",
          "nic.name",
          "nic.rdma_device",
          "nic.model",
          "nic.firmware",
          "nic.peer");

  private static final Pattern VALUE = Pattern.compile("\\{\\{\\s*([^}|\\s]+)[^}]*}}");

  /** A comment: '#' or '!' opening the line or after blanks, or an XML comment. */
  private static final Pattern COMMENT =
      Pattern.compile("(?:^|\\s)[#!](?![{}!=])(.*)$|<!--(.*?)(?:-->|$)");

  @Test
  void commentLinesOfEveryTemplateInterpolateOnlyWhatTheFileIsFor() throws IOException {
    Path templates = Examples.projectRoot().resolve("templates");
    List<String> offending = new ArrayList<>();
    int commentsWithValues = 0;
    List<Path> files;
    try (Stream<Path> walk = Files.walk(templates)) {
      files = walk.filter(p -> p.toString().endsWith(".j2")).sorted().toList();
    }
    for (Path template : files) {
      List<String> lines = Files.readAllLines(template);
      for (int i = 0; i < lines.size(); i++) {
        String line =
            lines
                .get(i)
                .replaceAll("\\$\\{#[^}]*}|\\$#", ""); // bash's ${#x} and $# are no comments
        Matcher comment = COMMENT.matcher(line);
        if (!comment.find()) {
          continue;
        }
        String text = comment.group(1) != null ? comment.group(1) : comment.group(2);
        Matcher value = VALUE.matcher(text);
        while (value.find()) {
          commentsWithValues++;
          if (!IDENTITY.contains(value.group(1))) {
            offending.add(templates.relativize(template) + ":" + (i + 1) + ": " + value.group(0));
          }
        }
      }
    }
    assertEquals(List.of(), offending, "settings carried in comments");
    assertTrue(commentsWithValues > 0, "the scan found the templates' header comments");
  }

  @Test
  void theScanSeesAValueInAComment() {
    for (String line :
        List.of(
            "! ECMP hash fields of the plan: {{ ecmp_hash_fields|join(', ') }}",
            "   mtu 9000  # {{ p.mtu }}",
            "<!-- cable {{ p.cable_length_m }} m -->")) {
      Matcher comment = COMMENT.matcher(line);
      assertTrue(comment.find(), line);
      String text = comment.group(1) != null ? comment.group(1) : comment.group(2);
      Matcher value = VALUE.matcher(text);
      assertTrue(value.find() && !IDENTITY.contains(value.group(1)), line);
    }
    assertTrue(!COMMENT.matcher("{% if x != y %}{{ a }}").find(), "not a comment");
  }
}
