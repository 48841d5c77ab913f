package dev.weft.rules;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code # expect: rule-a, rule-b} and {@code # expect-waived: rule} comments of a fixture file:
 * the findings the file must produce, at that line (Checkstyle's {@code // violation}, Error Prone's
 * {@code // BUG:}).
 */
final class FixtureMarkers {

    /** One expected finding: rule, repository-relative file, line, whether it is waived. */
    record Expected(String rule, String file, int line, boolean waived) implements Comparable<Expected> {
        @Override
        public int compareTo(Expected o) {
            int c = file.compareTo(o.file);
            if (c == 0) c = Integer.compare(line, o.line);
            if (c == 0) c = rule.compareTo(o.rule);
            return c == 0 ? Boolean.compare(waived, o.waived) : c;
        }

        @Override
        public String toString() {
            return file + ":" + line + " " + rule + (waived ? " (waived)" : "");
        }
    }

    private static final Pattern MARKER =
            Pattern.compile("#\\s*expect(-waived)?:\\s*([a-z0-9-]+(?:\\s*,\\s*[a-z0-9-]+)*)\\s*$");

    private FixtureMarkers() {}

    /** @param repoPath the file's repository-relative path, as findings name it */
    static List<Expected> read(Path file, String repoPath) throws IOException {
        List<Expected> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = MARKER.matcher(lines.get(i));
            if (m.find()) {
                for (String rule : m.group(2).split(",")) {
                    out.add(new Expected(rule.strip(), repoPath, i + 1, m.group(1) != null));
                }
            }
        }
        return out;
    }
}
