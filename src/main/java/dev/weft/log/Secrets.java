package dev.weft.log;

import java.util.regex.Pattern;

/**
 * Masks what looks like a secret in a log line: the value after {@code password}, {@code
 * passphrase}, {@code secret} or {@code token} (as {@code key=value}, {@code key: value} or an XML
 * element), and private-key blocks. Weft never puts a secret in a message on purpose; this is the
 * second line of defence.
 */
public final class Secrets {

  private static final Pattern KEY_VALUE =
      Pattern.compile(
          "(?i)((?:password|passphrase|secret|token)[\"']?\\s*[=:]\\s*[\"']?)[^\\s\"',;}<]+");
  private static final Pattern XML_ELEMENT =
      Pattern.compile("(?i)(<(?:[\\w-]+:)?(?:password|passphrase|secret|token)[^>]*>)[^<]*(</)");
  private static final Pattern PRIVATE_KEY =
      Pattern.compile(
          "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----");

  private Secrets() {}

  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String out = PRIVATE_KEY.matcher(text).replaceAll("-----PRIVATE KEY (masked)-----");
    out = XML_ELEMENT.matcher(out).replaceAll("$1***$2");
    return KEY_VALUE.matcher(out).replaceAll("$1***");
  }
}
