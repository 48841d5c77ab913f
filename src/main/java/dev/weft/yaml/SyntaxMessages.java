package dev.weft.yaml;

/**
 * Turns snakeyaml's scanner and parser wording into advice a network engineer can act on. Runs only
 * when a file is already broken, so clarity beats speed here. Unknown problems pass through as they
 * are.
 */
final class SyntaxMessages {

  private static final String BLOCK_END = "expected <block end>, but found ";
  private static final String CANNOT_START = "that cannot start any token";

  private SyntaxMessages() {}

  /** Context worth printing: not snakeyaml's generic "while scanning for the next token". */
  static boolean usefulContext(String context) {
    return context != null
        && !context.isBlank()
        && !context.equals("while scanning for the next token");
  }

  static String plain(String problem) {
    if (problem == null || problem.isBlank()) {
      return "the file is not valid YAML";
    }
    if (problem.equals("mapping values are not allowed here")) {
      return "a ':' is not allowed here; check this line's indentation, or quote a value that contains ': '";
    }
    if (problem.contains("\\t(TAB)") && problem.contains(CANNOT_START)) {
      return "a tab character; indent YAML with spaces, never tabs";
    }
    if (problem.startsWith("found character '") && problem.contains(CANNOT_START)) {
      String ch =
          problem.substring(
              "found character '".length(), problem.indexOf('\'', "found character '".length()));
      return "'" + ch + "' cannot start a value; put the value in quotes";
    }
    if (problem.startsWith(BLOCK_END)) {
      String found = problem.substring(BLOCK_END.length()).trim();
      if (found.equals("']'") || found.equals("'}'") || found.equals("','")) {
        return "unexpected " + found + " (a closing bracket or comma without its opening bracket)";
      }
      return "this line is not indented like the lines above it (found "
          + token(problem.substring(BLOCK_END.length()))
          + " where the enclosing block should end)";
    }
    if (problem.equals("could not find expected ':'")) {
      return "a key without ':' after it (or a quote that is never closed)";
    }
    if (problem.equals("found unexpected end of stream")) {
      return "the file ends before a closing quote";
    }
    if (problem.startsWith("expected ',' or ']', but got ")) {
      return "a list opened with '[' is not closed with ']' (found "
          + token(problem.substring(29))
          + ")";
    }
    if (problem.startsWith("expected ',' or '}', but got ")) {
      return "a mapping opened with '{' is not closed with '}' (found "
          + token(problem.substring(29))
          + ")";
    }
    if (problem.startsWith("found a tab character where an indentation space is expected")
        || problem.startsWith("found a tab character that violates indentation")) {
      return "a tab character; indent YAML with spaces, never tabs";
    }
    return problem;
  }

  /** snakeyaml's token names in words. */
  private static String token(String t) {
    return switch (t.trim()) {
      case "'?'", "?" -> "a key";
      case "'-'", "-", "<block sequence start>", "'<block sequence start>'" -> "a list item";
      case "<block mapping start>", "'<block mapping start>'" -> "a new mapping";
      case "<scalar>", "'<scalar>'" -> "a value";
      case "<stream end>", "'<stream end>'" -> "the end of the file";
      case ":", "':'" -> "':'";
      default -> t.trim();
    };
  }
}
