package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The field reference of docs/policies.md is the one the CEL environment is built from. */
class PolicyDocsTest {

    @Test
    void theTypeReferenceInTheDocsIsCurrent() throws Exception {
        String doc = Files.readString(Validation.project().resolve("docs/policies.md"));
        String begin = "<!-- cel-types:begin -->\n";
        String section = doc.substring(doc.indexOf(begin) + begin.length(), doc.indexOf("<!-- cel-types:end -->"));
        assertEquals(TypeReference.markdown(), section,
                "docs/policies.md is out of date: paste the output of  weft rules --format cel-types  between the markers");
    }
}
