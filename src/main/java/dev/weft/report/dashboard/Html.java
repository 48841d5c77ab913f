package dev.weft.report.dashboard;

/** HTML text and attribute escaping, and ids safe for fragment links. */
final class Html {

    private Html() {}

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A fragment id: letters, digits, '-', '_' and '.' kept, anything else '_'. */
    static String id(String prefix, String name) {
        return prefix + (name == null ? "" : name.replaceAll("[^A-Za-z0-9_.-]", "_"));
    }
}
