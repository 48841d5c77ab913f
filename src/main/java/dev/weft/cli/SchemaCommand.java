package dev.weft.cli;

import dev.weft.platform.Platforms;
import dev.weft.schema.IntentFields;
import dev.weft.schema.IntentSchema;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code weft schema}: the intent JSON Schema (draft 2020-12) exactly as this Weft checks files
 * against it, its switch platforms filled in from the platform packs. For editors: write it into
 * the fabric repository and point the yaml-language-server modeline at it (docs/install.md).
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description =
        "Print the intent JSON Schema (draft 2020-12) this Weft validates each inventory file against,"
            + " for editors: weft schema > intent.schema.json, then '# yaml-language-server: $schema=intent.schema.json'"
            + " in the YAML files. Its $id, "
            + SchemaCommand.ID
            + ", names the format version; nothing is served there.",
    footerHeading = "%nExamples:%n",
    footer = {"  weft schema > intent.schema.json"})
final class SchemaCommand implements Callable<Integer> {

  /** The schema's {@code $id}: a stable name of intent format version 1, not a download address. */
  static final String ID = "https://weft.dev/schema/intent-1.json";

  @Spec CommandSpec spec;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "json",
      description =
          "json (the schema) or markdown (the field reference of docs/intent-format.md, one table per"
              + " intent object)")
  String format;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    String text =
        switch (format) {
          case "json" -> text();
          case "markdown" -> IntentFields.shipped().markdown();
          default ->
              throw new UsageException(
                  "--format for schema must be json or markdown, found '" + format + "'");
        };
    out.print(text.endsWith("\n") ? text : text + "\n");
    out.flush();
    return ExitCode.OK;
  }

  static String text() {
    return IntentSchema.text(Platforms.builtIn().switchPlatforms());
  }
}
