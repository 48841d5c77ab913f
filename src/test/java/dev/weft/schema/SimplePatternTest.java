package dev.weft.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.networknt.schema.regex.RegularExpressions;
import dev.weft.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SimplePattern answers as the JDK engine on the same pattern, for every pattern it agrees to
 * compile.
 */
class SimplePatternTest {

  private static final String ALPHABET = "aAzZ09-._/:x\\n é[]^$";

  @Test
  void everyGroupFreeSchemaPatternIsCompiledAndAgreesWithTheJdkEngine() throws Exception {
    List<String> patterns = new ArrayList<>();
    collect(Json.parse(IntentSchema.raw()), patterns);
    assertEquals(true, patterns.size() > 5, "the schema's patterns: " + patterns);
    for (String regex : patterns) {
      String jdk = jdkForm(regex);
      SimplePattern simple = SimplePattern.compile(jdk);
      if (!regex.contains("(")) {
        assertNotNull(simple, "not compiled: " + regex);
      }
      if (simple != null) {
        agree(jdk, simple, samplesFor(regex));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^a$",
        "^[a-c]*b$",
        "^[a-z]+-[0-9]{2,3}$",
        "^x?y?z$",
        "^[-a]{0,2}[.]$",
        "^\\.[_/-]*\\:$",
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "^0x[0-9a-fA-F]{1,4}$",
        "^$",
        "^[a-]+:$"
      })
  void agreesWithTheJdkEngine(String regex) {
    String jdk = jdkForm(regex);
    SimplePattern simple = SimplePattern.compile(jdk);
    if (simple != null) {
      agree(jdk, simple, samplesFor(regex));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^[a-z]*[a-z0-9]$",
        "^(ab)+$",
        "^a|b$",
        "^a.b$",
        "^[^a]$",
        "^a*?$",
        "^a++$",
        "^\\d+$",
        "^[a-z&&[^x]]$",
        "a$",
        "^a",
        "^[a-z]{2,}$"
      })
  void declinesWhatItCannotMatchExactly(String regex) {
    assertNull(SimplePattern.compile(jdkForm(regex)), regex);
  }

  private static String jdkForm(String regex) {
    return RegularExpressions.replaceLongformCharacterProperties(
        RegularExpressions.replaceDollarAnchors(regex));
  }

  private static void agree(String jdk, SimplePattern simple, List<String> samples) {
    Pattern pattern = Pattern.compile(jdk);
    for (String s : samples) {
      assertEquals(pattern.matcher(s).find(), simple.matches(s), jdk + " on '" + s + "'");
    }
  }

  /**
   * Random strings over the pattern's own characters and a few others, plus mutations of matches.
   */
  private static List<String> samplesFor(String regex) {
    Random random = new Random(regex.hashCode());
    String alphabet = ALPHABET + regex.replaceAll("[\\[\\]{}()*+?^$|\\\\,]", "");
    List<String> out =
        new ArrayList<>(
            List.of(
                "",
                "leaf-01",
                "leaf-01:Ethernet0",
                "2026-11-30",
                "0x0001",
                "0x00000000000000ab",
                "default",
                "a\n",
                "ab\n",
                "a",
                "b",
                "ab"));
    for (int i = 0; i < 20_000; i++) {
      StringBuilder b = new StringBuilder();
      int length = random.nextInt(12);
      for (int j = 0; j < length; j++) {
        b.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      out.add(b.toString());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static void collect(Object schema, List<String> out) {
    if (schema instanceof Map<?, ?> map) {
      map.forEach(
          (k, v) -> {
            if ("pattern".equals(k) && v instanceof String s) {
              out.add(s);
            } else {
              collect(v, out);
            }
          });
    } else if (schema instanceof List<?> list) {
      list.forEach(item -> collect(item, out));
    }
  }
}
