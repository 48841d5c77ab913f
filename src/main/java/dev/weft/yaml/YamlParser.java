package dev.weft.yaml;

import dev.weft.accel.Accelerators;
import dev.weft.accel.Divergence;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.source.SourceFile;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Parses one YAML file into a {@link MapNode} with 1-based positions, turning every problem into a
 * {@code yaml-syntax} finding: syntax errors, duplicate keys, tags, alias bombs, oversized, binary
 * or non-UTF-8 files, deep nesting, non-text keys, a top level that is not a mapping.
 *
 * <p>Most files are read by {@link FastYamlParser}, which builds the same tree several times faster
 * for the plain block style inventories are written in; everything else, including every file with
 * a problem, goes through snakeyaml-engine and {@link TreeBuilder} as before.
 *
 * <p>Thread-safe and reusable: it holds only immutable limits; every call builds its own parser.
 * Used for inventory files and any other YAML Weft reads (rule.yaml, ASIC profiles, credentials).
 */
public final class YamlParser {

  /** Rule id of every finding about a file that cannot be read as YAML. */
  public static final String RULE = TreeBuilder.RULE;

  /** The name this fast path is counted and reported under ({@link Accelerators}). */
  public static final String FAST_PATH = "yaml";

  private final LoadLimits limits;
  private final Accelerators accelerators;

  public YamlParser(LoadLimits limits) {
    this(limits, Accelerators.on());
  }

  /**
   * With the run's fast-path switch: {@code off} parses every file with snakeyaml-engine, {@code
   * verify} with both.
   */
  public YamlParser(LoadLimits limits, Accelerators accelerators) {
    this.limits = limits;
    this.accelerators = accelerators;
  }

  /**
   * Built per slow parse rather than up front: when every file takes the fast path, snakeyaml is
   * never loaded at all, which is a good part of a small run's start-up.
   */
  private LoadSettings settings(int textLength) {
    // Trees are built from the event stream (TreeBuilder), not by snakeyaml's recursive composer,
    // so
    // duplicate keys, aliases, tags and depth are enforced there; the composer settings below are
    // kept strict anyway in case a caller ever composes with these settings.
    return LoadSettings.builder()
        .setLabel("weft")
        .setUseMarks(true)
        .setParseComments(false)
        .setAllowDuplicateKeys(false)
        .setAllowRecursiveKeys(false)
        .setAllowNonScalarKeys(false)
        .setMaxAliasesForCollections(limits.maxAliases())
        .setCodePointLimit((int) Math.min(Integer.MAX_VALUE, limits.maxFileBytes()))
        // The whole text in one read. snakeyaml-engine's StreamReader reads bufferSize characters
        // at a
        // time and copies its whole look-ahead window on every read; a token longer than the buffer
        // (a
        // 1 MB value on one line) is scanned with a peek per character, so each read re-copied
        // everything seen so far: quadratic, 1 MB 1.4 s, 16 MB 67-89 s, before the value limit
        // could
        // apply (issue 32). With the buffer as large as the text, the window is filled once.
        .setBufferSize(Math.max(MIN_BUFFER, textLength + 1))
        .setTagConstructors(Map.of())
        .build();
  }

  /** snakeyaml-engine's own default read size: what a small file gets. */
  private static final int MIN_BUFFER = 1024;

  public ParseResult parse(SourceFile source) {
    if (source.problem() != null) {
      return failed(error(source.problem(), Location.ofFile(source.path())));
    }
    if (accelerators.tryFast() && source.size() <= limits.maxFileBytes()) {
      MapNode fast = fastPath(source.path(), source.content());
      if (fast != null) {
        accelerators.took(FAST_PATH);
        if (accelerators.verify()) {
          compare(source, fast);
        }
        return new ParseResult(fast, List.of());
      }
      accelerators.declined(FAST_PATH);
    }
    return parseWithSnakeYaml(source);
  }

  /**
   * Under {@code WEFT_FAST=verify}: snakeyaml-engine must build the very tree the fast path built.
   */
  private void compare(SourceFile source, MapNode fast) {
    ParseResult library = parseWithSnakeYaml(source);
    String difference =
        !library.findings().isEmpty()
            ? "the fast path accepted the file, snakeyaml-engine reported: "
                + library.findings().get(0).message()
            : TreeDifference.between(fast, library.root());
    if (difference != null) {
      accelerators.diverged(new Divergence(FAST_PATH, source.path(), difference));
    }
  }

  /**
   * The full parser, for every file: what {@link #parse} does when the fast path declines (and
   * tests compare against).
   */
  ParseResult parseWithSnakeYaml(SourceFile source) {
    String file = source.path();
    byte[] bytes = source.content();
    if (source.size() > limits.maxFileBytes() || bytes.length > limits.maxFileBytes()) {
      return failed(
          error(
              "this file is "
                  + Math.max(source.size(), bytes.length)
                  + " bytes; files are limited to "
                  + limits.maxFileBytes()
                  + " bytes (limit: file size, --max-file-bytes; split the inventory into"
                  + " several files)",
              Location.ofFile(file)));
    }
    if (!source.complete()) {
      return failed(error("this file was not read whole", Location.ofFile(file)));
    }
    int nul = indexOfNul(bytes);
    if (nul >= 0) {
      return failed(
          error(
              "binary file: a NUL byte; inventory files must be UTF-8 text",
              byteLocation(file, bytes, nul)));
    }
    String text = decodeUtf8(bytes);
    if (text == null) {
      int bad = firstMalformedByte(bytes);
      return failed(
          error(
              "not UTF-8 text: invalid byte 0x"
                  + Integer.toHexString(bytes[bad] & 0xff).toUpperCase(Locale.ROOT)
                  + "; save the file as UTF-8",
              byteLocation(file, bytes, bad)));
    }
    TreeBuilder builder = new TreeBuilder(file, limits);
    try {
      LoadSettings settings = settings(text.length());
      ParserImpl parser = new ParserImpl(settings, new StreamReader(settings, text));
      while (parser.hasNext()) {
        builder.accept(parser.next());
      }
    } catch (TreeBuilder.Fatal fatal) {
      return failed(fatal.finding);
    } catch (MarkedYamlEngineException e) {
      return failed(syntax(file, e));
    } catch (ReaderException e) {
      return failed(
          error(
              "character U+"
                  + String.format("%04X", e.getCodePoint())
                  + " is not allowed in YAML (a control character); remove it",
              codePointLocation(file, text, e.getPosition())));
    } catch (YamlEngineException e) {
      return failed(error("YAML error: " + firstLine(e.getMessage()), Location.ofFile(file)));
    } catch (RuntimeException e) {
      // A defect in the YAML library on some odd input must still be a finding, not a crash of the
      // run.
      return failed(
          error(
              "the YAML reader failed on this file ("
                  + e.getClass().getSimpleName()
                  + "); "
                  + "please report it with the file",
              Location.ofFile(file)));
    }
    Node root = builder.root();
    List<Finding> problems = builder.problems();
    MapNode map;
    if (root == null || root instanceof ScalarNode s && s.value() == null && s.text().isEmpty()) {
      map = new MapNode(Location.ofFile(file), Map.of());
    } else if (root instanceof MapNode m) {
      map = m;
    } else {
      problems.add(
          error(
              "the top level must be a mapping of keys (version:, fabric:, switches: ...), found "
                  + describe(root),
              root.location()));
      map = null;
    }
    return problems.isEmpty() ? new ParseResult(map, List.of()) : new ParseResult(null, problems);
  }

  /**
   * Most files are in the plain subset {@link FastYamlParser} reads, which builds the same tree
   * several times faster; it declines everything else (and every problem) to the snakeyaml path
   * below.
   */
  private MapNode fastPath(String file, byte[] bytes) {
    try {
      return FastYamlParser.parse(file, bytes, limits);
    } catch (RuntimeException defect) {
      // A bug in the fast path must not cost the user anything but time: the full parser decides.
      return null;
    }
  }

  private static String describe(Node node) {
    // a scalar's text is not echoed: the same parser reads credential files
    return node instanceof ListNode ? "a list" : "a single value";
  }

  /** snakeyaml's problem in plain words, placed where the parser noticed it. */
  private static Finding syntax(String file, MarkedYamlEngineException e) {
    String problem =
        SyntaxMessages.plain(e.getProblem() == null ? firstLine(e.getMessage()) : e.getProblem());
    StringBuilder message = new StringBuilder("YAML syntax error: ").append(problem);
    String context = e.getContext();
    if (SyntaxMessages.usefulContext(context)) {
      message.append(" (").append(context);
      if (e.getContextMark().isPresent()) {
        Location start = TreeBuilder.location(file, e.getContextMark());
        message
            .append(" that starts at line ")
            .append(start.line())
            .append(", column ")
            .append(start.column());
      }
      message.append(')');
    }
    Location where =
        TreeBuilder.location(
            file, e.getProblemMark().isPresent() ? e.getProblemMark() : e.getContextMark());
    return Finding.of(TreeBuilder.RULE, Severity.ERROR, message.toString()).at(where);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown problem";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }

  private static Finding error(String message, Location where) {
    return Finding.of(TreeBuilder.RULE, Severity.ERROR, message).at(where);
  }

  private static ParseResult failed(Finding finding) {
    return new ParseResult(null, List.of(finding));
  }

  private static int indexOfNul(byte[] bytes) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Strict UTF-8 (the JDK's String constructor would silently substitute U+FFFD). Inventories are
   * nearly always plain ASCII, which needs no decoder at all: one pass to check, one copy.
   */
  private static String decodeUtf8(byte[] bytes) {
    boolean ascii = true;
    for (byte b : bytes) {
      if (b < 0) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      return new String(bytes, StandardCharsets.US_ASCII);
    }
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = decoder.decode(ByteBuffer.wrap(bytes), out, true);
    if (result.isError()) {
      return null;
    }
    result = decoder.flush(out);
    if (result.isError()) {
      return null;
    }
    out.flip();
    return out.toString();
  }

  private static int firstMalformedByte(byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CoderResult result = decoder.decode(in, CharBuffer.allocate(bytes.length), true);
    return result.isError()
        ? Math.min(in.position(), bytes.length - 1)
        : Math.max(0, bytes.length - 1);
  }

  /** Line and column (in characters) of a byte offset in UTF-8 text. */
  private static Location byteLocation(String file, byte[] bytes, int offset) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset; i++) {
      byte b = bytes[i];
      if (b == '\n') {
        line++;
        column = 1;
      } else if ((b & 0xC0) != 0x80) {
        column++;
      }
    }
    return new Location(file, line, column);
  }

  /** Line and column of a code-point index, as snakeyaml's reader reports it. */
  private static Location codePointLocation(String file, String text, int codePointIndex) {
    int line = 1;
    int column = 1;
    int i = 0;
    for (int cp = 0; cp < codePointIndex && i < text.length(); cp++) {
      int c = text.codePointAt(i);
      i += Character.charCount(c);
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new Location(file, line, column);
  }
}
