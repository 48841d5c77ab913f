package dev.weft.json;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader and a canonical writer, so rendered device files (SONiC
 * {@code config_db.json}) can be checked and read back without a JSON library.
 *
 * <p>Parsed values are {@code Map<String,Object>} (document order kept, duplicate keys refused),
 * {@code List<Object>}, {@code String}, {@code Long} or {@code BigDecimal}, {@code Boolean} or
 * {@code null}. The writer sorts object keys and indents by four spaces, as {@code sonic-cfggen
 * --print-data} does, so the same data always gives the same bytes.
 */
public final class Json {
    private static final int MAX_DEPTH = 64;

    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    private Json(String text) {
        this.text = text;
    }

    /** Parses a whole JSON document. */
    public static Object parse(String text) throws JsonException {
        Json parser = new Json(text);
        parser.skipSpace();
        Object value = parser.value(0);
        parser.skipSpace();
        if (parser.pos < text.length()) {
            throw parser.error("unexpected text after the JSON value");
        }
        return value;
    }

    /**
     * The canonical UTF-8 bytes of a JSON text: exactly {@code write(parse(text)).getBytes(UTF_8)},
     * including the exception (and its line and column) for invalid JSON, but without building the
     * maps, lists and strings in between for the plain ASCII JSON templates write.
     */
    public static byte[] canonical(String text) throws JsonException {
        byte[] fast = CanonicalJson.rewrite(text);
        return fast != null ? fast : write(parse(text)).getBytes(StandardCharsets.UTF_8);
    }

    /** Writes {@code value} canonically: sorted keys, four-space indent, a final newline. */
    public static String write(Object value) {
        return JsonWriter.write(value, JsonWriter.Style.CANONICAL);
    }

    private Object value(int depth) throws JsonException {
        if (depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Map<String, Object> object(int depth) throws JsonException {
        pos++;
        Map<String, Object> map = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a quoted key");
            }
            int keyLine = line;
            int keyColumn = pos - lineStart + 1;
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            Object value = value(depth + 1);
            if (map.containsKey(key)) {
                throw new JsonException("duplicate key \"" + key + "\"", keyLine, keyColumn);
            }
            map.put(key, value);
            skipSpace();
            char c = peek();
            pos++;
            if (c == '}') {
                return map;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array(int depth) throws JsonException {
        pos++;
        List<Object> list = new ArrayList<>();
        skipSpace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(value(depth + 1));
            skipSpace();
            char c = peek();
            pos++;
            if (c == ']') {
                return list;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() throws JsonException {
        pos++;
        // Most strings have no escapes: find the closing quote and take the slice in one go.
        int end = pos;
        int length = text.length();
        while (end < length) {
            char c = text.charAt(end);
            if (c == '"') {
                String plain = text.substring(pos, end);
                pos = end + 1;
                return plain;
            }
            if (c == '\\' || c < 0x20) {
                break;
            }
            end++;
        }
        StringBuilder out = new StringBuilder(end - pos + 16).append(text, pos, end);
        pos = end;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                if (pos >= text.length()) {
                    break;
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> out.append(e);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("bad \\u escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\u escape");
                        }
                        pos += 4;
                    }
                    default -> throw error("bad escape '\\" + e + "'");
                }
            } else if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            } else {
                out.append(c);
            }
        }
        throw error("unterminated string");
    }

    private Object number() throws JsonException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        while (pos < text.length() && "0123456789.eE+-".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String raw = text.substring(start, pos);
        int integerDigits = validNumber(raw);
        if (integerDigits < 0) {
            pos = start;
            throw error("bad number '" + raw + "'");
        }
        if (integerDigits == raw.length() - (raw.charAt(0) == '-' ? 1 : 0) && raw.length() < 19) {
            return Long.parseLong(raw);
        }
        try {
            return new BigDecimal(raw);
        } catch (NumberFormatException e) {
            // grammatical but out of BigDecimal's range (an exponent beyond an int): still a user's text
            pos = start;
            throw error("number out of range '" + raw + "'");
        }
    }

    /**
     * Checks {@code -?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?} without a regular expression;
     * returns the number of integer-part digits, or -1 when {@code raw} is not a JSON number.
     */
    static int validNumber(String raw) {
        int i = 0;
        int n = raw.length();
        if (i < n && raw.charAt(i) == '-') {
            i++;
        }
        int intStart = i;
        while (i < n && isDigit(raw.charAt(i))) {
            i++;
        }
        int integerDigits = i - intStart;
        if (integerDigits == 0 || (integerDigits > 1 && raw.charAt(intStart) == '0')) {
            return -1;
        }
        if (i < n && raw.charAt(i) == '.') {
            int fracStart = ++i;
            while (i < n && isDigit(raw.charAt(i))) {
                i++;
            }
            if (i == fracStart) {
                return -1;
            }
        }
        if (i < n && (raw.charAt(i) == 'e' || raw.charAt(i) == 'E')) {
            i++;
            if (i < n && (raw.charAt(i) == '+' || raw.charAt(i) == '-')) {
                i++;
            }
            int expStart = i;
            while (i < n && isDigit(raw.charAt(i))) {
                i++;
            }
            if (i == expStart) {
                return -1;
            }
        }
        return i == n ? integerDigits : -1;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Object literal(String word, Object value) throws JsonException {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected word");
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) throws JsonException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char peek() throws JsonException {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = pos + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private JsonException error(String message) {
        return new JsonException(message, line, pos - lineStart + 1);
    }
}
