package dev.weft.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void parsesKeepingDocumentOrderAndWritesSorted() throws JsonException {
        Object value = Json.parse("{\"b\": [1, -2.5, true, null], \"a\": {\"y\": \"\\u0041\\n\", \"x\": {}}}");
        assertEquals(List.of("b", "a"), List.copyOf(((Map<?, ?>) value).keySet()));
        assertEquals("{\n    \"a\": {\n        \"x\": {},\n        \"y\": \"A\\n\"\n    },\n"
                + "    \"b\": [\n        1,\n        -2.5,\n        true,\n        null\n    ]\n}\n", Json.write(value));
    }

    @Test
    void writeOfParseIsAFixedPoint() throws JsonException {
        String once = Json.write(Json.parse("{\"z\":\"1\",\"a\":[{\"q\":\"\\\"\"}]}"));
        assertEquals(once, Json.write(Json.parse(once)));
    }

    @Test
    void errorsNameLineAndColumn() {
        JsonException trailingComma = assertThrows(JsonException.class, () -> Json.parse("{\n  \"a\": \"1\",\n}"));
        assertEquals(3, trailingComma.line());
        JsonException duplicate = assertThrows(JsonException.class, () -> Json.parse("{\"a\": 1,\n \"a\": 2}"));
        assertEquals(2, duplicate.line());
        assertEquals(2, duplicate.column());
        assertTrue(duplicate.getMessage().contains("duplicate key \"a\""), duplicate.getMessage());
        assertThrows(JsonException.class, () -> Json.parse("{\"a\": 01}"));
        assertThrows(JsonException.class, () -> Json.parse("{\"a\": \"x\"} extra"));
        assertThrows(JsonException.class, () -> Json.parse("[".repeat(100) + "]".repeat(100)));
        assertThrows(JsonException.class, () -> Json.parse("{\"a\": \"unterminated"));
    }
}
