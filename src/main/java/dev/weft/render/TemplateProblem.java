package dev.weft.render;

/**
 * Why a template could not be rendered, pinned to the template file and line.
 *
 * @param template the template as shown to a user: {@code templates/sonic/config_db.json.j2} for a
 *     built-in, or the path under the {@code --templates} folder
 * @param line 1-based line in that template (1 when the engine does not know)
 * @param message one line: what went wrong
 */
public record TemplateProblem(String template, int line, String message) {
  public TemplateProblem {
    line = Math.max(1, line);
    message = oneLine(message);
  }

  private static String oneLine(String text) {
    if (text == null || text.isBlank()) {
      return "template error";
    }
    // Jinjava prefixes a message raised inside a filter with the exception's class name: not for
    // users
    String plain =
        text.strip()
            .replaceAll("\\s*\\R\\s*", " ")
            .replaceFirst("^(?:[a-z0-9_]+\\.)+[A-Z]\\w*Exception: ", "");
    return dev.weft.finding.Excerpt.cut(plain, 500);
  }

  @Override
  public String toString() {
    return template + ":" + line + ": " + message;
  }
}
