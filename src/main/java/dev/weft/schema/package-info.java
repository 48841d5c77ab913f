/**
 * The JSON Schema check of parsed intent files: {@link dev.weft.schema.IntentSchema} (the schema
 * with the platform packs' ids filled in), the quick pass that clears valid files without the
 * library, and plain-English messages located at the YAML value. The only importer of networknt and
 * Jackson.
 */
package dev.weft.schema;
