package dev.weft.report;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A tiny deterministic JSON writer for the trees the JSON and SARIF reporters build: {@link Map}
 * (written in its iteration order, so callers use insertion-ordered maps), {@link List}, {@link String},
 * {@link Integer}/{@link Long}, {@link Boolean} and {@code null}. Two-space indent, '\n' line ends,
 * a final newline. Hand-written so the report format does not move with a library's defaults.
 */
final class Json {

    private Json() {
    }

    static void write(Object value, Appendable out) throws IOException {
        value(value, out, 0);
        out.append('\n');
    }

    private static void value(Object v, Appendable out, int depth) throws IOException {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            string(s, out);
        } else if (v instanceof Integer || v instanceof Long) {
            out.append(v.toString());
        } else if (v instanceof Boolean b) {
            out.append(b ? "true" : "false");
        } else if (v instanceof Map<?, ?> m) {
            object(m, out, depth);
        } else if (v instanceof List<?> l) {
            array(l, out, depth);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
        }
    }

    private static void object(Map<?, ?> m, Appendable out, int depth) throws IOException {
        if (m.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            string((String) e.getKey(), out);
            out.append(": ");
            value(e.getValue(), out, depth + 1);
        }
        out.append('\n');
        indent(out, depth);
        out.append('}');
    }

    private static void array(List<?> l, Appendable out, int depth) throws IOException {
        if (l.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        boolean first = true;
        for (Object item : l) {
            out.append(first ? "\n" : ",\n");
            first = false;
            indent(out, depth + 1);
            value(item, out, depth + 1);
        }
        out.append('\n');
        indent(out, depth);
        out.append(']');
    }

    private static void indent(Appendable out, int depth) throws IOException {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }

    /**
     * RFC 8259 string: escapes the quote, the backslash and every control character; also U+2028/U+2029
     * (legal JSON, but they break JavaScript consumers). Other non-ASCII text is written as is (the writer is UTF-8).
     */
    static void string(String s, Appendable out) throws IOException {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
