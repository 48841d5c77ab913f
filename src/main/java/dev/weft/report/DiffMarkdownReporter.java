package dev.weft.report;

import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * {@code weft diff --format markdown}: a pull-request comment. A heading with the verdict, a
 * summary table, the new findings (with links to {@code file:line} and the commit that introduced
 * the line), the fixed ones, and one collapsed {@code <details>} block per changed device holding
 * its unified diffs. Config diffs are cut to a character budget (GitHub refuses comments over
 * 65,536 characters) and the comment says so when it cuts. All text from intent, templates or Git
 * is escaped or fenced.
 */
final class DiffMarkdownReporter implements DiffReporters.DiffReporter {

  /**
   * Room left for diffs under GitHub's 65,536-character comment limit, keeping space for the
   * tables.
   */
  static final int GITHUB_BUDGET = 50_000;

  /**
   * One device's diff never takes more than this, so one huge change does not hide all the others.
   */
  private static final int DEVICE_SHARE = 8_000;

  private final String linkPrefix;
  private final int budget;

  /**
   * @param linkPrefix URL prefix file paths are appended to for links, e.g. {@code
   *     https://github.com/org/repo/blob/<sha>/}; null writes plain {@code file:line}
   * @param budget characters of config diff the comment may hold
   */
  DiffMarkdownReporter(String linkPrefix, int budget) {
    this.linkPrefix = linkPrefix;
    this.budget = budget;
  }

  @Override
  public void write(DiffReport report, Writer out) throws IOException {
    List<DiffReport.Entry> added = report.withStatus(DiffReport.NEW);
    List<DiffReport.Entry> fixed = report.withStatus(DiffReport.FIXED);
    List<DiffReport.Entry> existing = report.withStatus(DiffReport.EXISTING);
    StringBuilder b = new StringBuilder();
    b.append("## weft diff: ")
        .append(added.isEmpty() ? "no new findings" : plural(added.size(), "new finding"))
        .append(", ")
        .append(plural(report.changes().size(), "device"))
        .append(" with config changes\n\n");
    b.append("Inventory ").append(MarkdownReporter.code(report.inventory()));
    if (report.baseInventory() != null && !report.baseInventory().equals(report.inventory())) {
      b.append(" (").append(MarkdownReporter.code(report.baseInventory())).append(" in base)");
    }
    b.append(", base ")
        .append(MarkdownReporter.code(report.base()))
        .append(" → head ")
        .append(MarkdownReporter.code(report.head()))
        .append(", weft ")
        .append(MarkdownReporter.escape(report.version()))
        .append(".\n\n");
    for (String note : report.notes()) {
      b.append("> **Note:** ").append(MarkdownReporter.escape(note)).append("\n\n");
    }
    b.append("| | count |\n|---|---:|\n");
    b.append("| new findings (fail the check) | ").append(added.size()).append(" |\n");
    b.append("| fixed findings | ").append(fixed.size()).append(" |\n");
    b.append("| existing findings (not failing) | ").append(existing.size()).append(" |\n");
    b.append("| devices with config changes | ")
        .append(report.changes().size())
        .append(" of ")
        .append(report.devicesCompared())
        .append(" |\n\n");

    if (!added.isEmpty()) {
      b.append("### New findings\n\n");
      b.append("| severity | rule | where | message | introduced by |\n|---|---|---|---|---|\n");
      for (DiffReport.Entry e : added) {
        row(b, e, true);
      }
      b.append('\n');
    }
    if (!fixed.isEmpty()) {
      b.append("### Fixed findings\n\n| severity | rule | where | message |\n|---|---|---|---|\n");
      for (DiffReport.Entry e : fixed) {
        row(b, e, false);
      }
      b.append('\n');
    }
    if (!existing.isEmpty()) {
      if (report.showExisting()) {
        b.append(
            "### Existing findings\n\n| severity | rule | where | message |\n|---|---|---|---|\n");
        for (DiffReport.Entry e : existing) {
          row(b, e, false);
        }
        b.append('\n');
      } else {
        b.append(plural(existing.size(), "existing finding"))
            .append(" not listed (they do not fail the check; `--show-existing` lists them).\n\n");
      }
    }
    configChanges(b, report);
    out.write(b.toString());
  }

  private void configChanges(StringBuilder b, DiffReport report) {
    if (report.changes().isEmpty()) {
      b.append("No device's rendered config changes (")
          .append(report.devicesRendered())
          .append(" of ")
          .append(report.devicesCompared())
          .append(" devices re-rendered).\n");
      return;
    }
    b.append("### Config changes\n\n");
    long changed = report.changes().stream().filter(c -> c.change().equals("changed")).count();
    long addedDevices = report.changes().stream().filter(c -> c.change().equals("added")).count();
    long removed = report.changes().stream().filter(c -> c.change().equals("removed")).count();
    b.append(plural(report.changes().size(), "device"))
        .append(" touched: ")
        .append(changed)
        .append(" changed, ")
        .append(addedDevices)
        .append(" added, ")
        .append(removed)
        .append(" removed.\n\n");
    int used = 0;
    int shown = 0;
    for (DiffReport.DeviceChange c : report.changes()) {
      StringBuilder diff = new StringBuilder();
      for (DiffReport.FileChange f : c.files()) {
        String fileDiff = wholeFileCollapsed(f.diff());
        diff.append(fileDiff);
        if (!fileDiff.endsWith("\n")) {
          diff.append('\n');
        }
      }
      String text = diff.toString();
      boolean cutHere = false;
      if (text.length() > DEVICE_SHARE) {
        text = text.substring(0, text.lastIndexOf('\n', DEVICE_SHARE) + 1);
        cutHere = true;
      }
      if (used + text.length() > budget) {
        break;
      }
      used += text.length();
      shown++;
      b.append("<details><summary><code>")
          .append(html(c.device()))
          .append("</code>: ")
          .append(c.change())
          .append(", ")
          .append(plural(c.files().size(), "file"))
          .append("</summary>\n\n");
      if (c.note() != null) {
        b.append("_").append(MarkdownReporter.escape(c.note())).append("._\n");
      } else {
        String fence = fence(text);
        b.append(fence).append("diff\n").append(text).append(fence).append('\n');
      }
      if (cutHere) {
        b.append(
            "\n_This device's diff was cut for size; `weft diff --format json` has all of it._\n");
      }
      b.append("\n</details>\n\n");
    }
    int left = report.changes().size() - shown;
    if (left > 0) {
      b.append("> **Note:** the list was cut for size: ")
          .append(plural(left, "more device"))
          .append(" with config changes not shown (")
          .append(
              String.join(
                  ", ",
                  report
                      .changes()
                      .subList(shown, Math.min(report.changes().size(), shown + 20))
                      .stream()
                      .map(c -> MarkdownReporter.code(c.device()))
                      .toList()))
          .append(left > 20 ? ", …" : "")
          .append("). Run `weft diff` locally or use `--format json` for every diff.\n");
    }
  }

  private void row(StringBuilder b, DiffReport.Entry e, boolean withCommit) {
    Finding f = e.finding();
    b.append("| ")
        .append(f.severity().label())
        .append(" | ")
        .append(MarkdownReporter.code(f.rule()))
        .append(" | ")
        .append(where(f))
        .append(" | ")
        .append(MarkdownReporter.escape(f.message()))
        .append(" |");
    if (withCommit) {
      b.append(' ')
          .append(
              e.introducedBy() == null
                  ? ""
                  : MarkdownReporter.escape(commitWords(e.introducedBy())))
          .append(" |");
    }
    b.append('\n');
  }

  private String where(Finding f) {
    String target = Places.target(f);
    String suffix = target == null ? "" : " (" + MarkdownReporter.code(target) + ")";
    if (f.location() == null) {
      return target == null ? "" : MarkdownReporter.code(target);
    }
    String place = f.location().file() + ":" + f.location().line();
    if (linkPrefix == null) {
      return MarkdownReporter.code(place) + suffix;
    }
    String url =
        linkPrefix
            + f.location().file().replace(" ", "%20").replace("(", "%28").replace(")", "%29")
            + "#L"
            + f.location().line();
    return "[" + MarkdownReporter.escape(place) + "](" + url + ")" + suffix;
  }

  /** {@code 3f2a9c1 "Add leaf-05" (Ada)}, or {@code not committed yet}. */
  static String commitWords(DiffReport.Introduced by) {
    if (by.commit() == null) {
      return by.summary() == null ? "not committed yet" : by.summary();
    }
    StringBuilder s = new StringBuilder(by.shortCommit());
    if (by.summary() != null) {
      s.append(" \"").append(by.summary()).append('"');
    }
    if (by.author() != null) {
      s.append(" (").append(by.author()).append(')');
    }
    return s.toString();
  }

  /**
   * Lines of a whole added or removed file a comment shows before it says how many more there are.
   */
  static final int WHOLE_FILE_LINES = 12;

  /**
   * The diff of a file that exists on one side only (an added host's ~300-line script), cut to its
   * first lines and a count of the rest: every line of it is a change, and a reviewer reads the
   * file, not its diff (issue 32). Any other diff as it is.
   */
  static String wholeFileCollapsed(String diff) {
    List<String> lines = diff.lines().toList();
    boolean oneSide =
        lines.size() > 2
            && (lines.get(0).equals("--- /dev/null") || lines.get(1).equals("+++ /dev/null"));
    int header = 3; // ---, +++ and the single hunk's @@ line
    if (!oneSide || lines.size() <= header + WHOLE_FILE_LINES + 1) {
      return diff;
    }
    int rest = lines.size() - header - WHOLE_FILE_LINES;
    return String.join("\n", lines.subList(0, header + WHOLE_FILE_LINES))
        + "\n... "
        + rest
        + " more lines of the "
        + (lines.get(0).equals("--- /dev/null") ? "added" : "removed")
        + " file (weft diff --format json has them)\n";
  }

  /** A code fence longer than any backtick run in the text, so a diff cannot close it early. */
  private static String fence(String text) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = text.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return "`".repeat(Math.max(3, longest + 1));
  }

  private static String html(String s) {
    return Places.oneLine(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }
}
