package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The field reference of docs/policies.md is the one the CEL environment is built from. */
class PolicyDocsTest {

  @Test
  void theTypeReferenceInTheDocsIsCurrent() throws Exception {
    String generated = TypeReference.markdown();
    Files.createDirectories(Validation.project().resolve("target"));
    Files.writeString(Validation.project().resolve("target/cel-types.md"), generated);
    String doc = Files.readString(Validation.project().resolve("docs/policies.md"));
    String begin = "<!-- cel-types:begin -->\n";
    String section =
        doc.substring(doc.indexOf(begin) + begin.length(), doc.indexOf("<!-- cel-types:end -->"));
    assertEquals(
        generated,
        section,
        "docs/policies.md is out of date: paste the output of  weft rules --format"
            + " cel-types  (also written to target/cel-types.md) between the markers");
  }
}
