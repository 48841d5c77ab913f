package dev.weft.platform.sonic;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.ReadException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * SONiC's own check of a CONFIG_DB, minus libyang: a config_db.json translated into YANG instance
 * data the way {@code sonic-yang-mgmt} does ({@link ConfigDbToYang}) with the models of one folder
 * (Weft vendors SONiC's in {@code yang/vendor/sonic}), for {@code yanglint -t config} to validate.
 * The tests check every rendered SONiC file this way, and {@code scripts/ssh-lab} refuses to serve
 * a dump that fails it, as a SONiC switch refuses to load one.
 *
 * <p>Command line (the lab runs it from the build's classes): {@code java -cp CLASSES
 * dev.weft.platform.sonic.SonicYangJson YANG_DIR CONFIG_DB.json} prints the YANG JSON on standard
 * output; {@code ... YANG_DIR --out DIR FILE...} writes the translation of the n-th file to {@code
 * DIR/<n>.json}. Exit 1 with one problem per line on standard error when a file cannot be
 * translated.
 */
public final class SonicYangJson {

  private final SonicYangSchema schema;

  private SonicYangJson(SonicYangSchema schema) {
    this.schema = schema;
  }

  /** The models of every {@code *.yang} file in {@code folder}. */
  public static SonicYangJson load(Path folder) throws ReadException {
    try {
      return new SonicYangJson(SonicYangSchema.load(folder));
    } catch (SonicYangSchema.SchemaException e) {
      throw new ReadException(e.getMessage());
    }
  }

  /**
   * Translates config_db.json text.
   *
   * @param what names the text in messages (a file name, a device)
   */
  public ConfigDbToYang.Result translate(String configDb, String what) throws ReadException {
    Object root;
    try {
      root = Json.parse(configDb);
    } catch (JsonException e) {
      throw new ReadException(what + ":" + e.getMessage());
    }
    if (!(root instanceof Map<?, ?> tables)) {
      throw new ReadException(what + ":1:1: expected a JSON object of CONFIG_DB tables");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> db = (Map<String, Object>) tables;
    return ConfigDbToYang.translate(db, schema);
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    boolean toDir = args.length >= 4 && args[1].equals("--out");
    if (!toDir && args.length != 2) {
      err.println(
          "usage: SonicYangJson YANG_DIR CONFIG_DB.json | YANG_DIR --out DIR CONFIG_DB.json...");
      return 2;
    }
    SonicYangJson yang;
    try {
      yang = load(Path.of(args[0]));
    } catch (ReadException e) {
      err.println(e.getMessage());
      return 1;
    }
    int rc = 0;
    int first = toDir ? 3 : 1;
    for (int i = first; i < args.length; i++) {
      String file = args[i];
      try {
        ConfigDbToYang.Result r =
            yang.translate(Files.readString(Path.of(file), StandardCharsets.UTF_8), file);
        if (!r.problems().isEmpty()) {
          r.problems().forEach(p -> err.println(file + ": " + p));
          rc = 1;
        } else if (toDir) {
          Files.writeString(
              Path.of(args[2]).resolve((i - first + 1) + ".json"),
              r.json(),
              StandardCharsets.UTF_8);
        } else {
          out.print(r.json());
        }
      } catch (ReadException e) {
        err.println(e.getMessage());
        rc = 1;
      } catch (IOException e) {
        err.println(file + ": cannot read or write: " + e.getMessage());
        rc = 1;
      }
    }
    return rc;
  }
}
