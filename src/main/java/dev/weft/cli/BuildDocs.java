package dev.weft.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Build step ({@code ./mvnw package}, before the release archive is assembled): writes the man
 * pages and the completion scripts from the command tree into a folder, so the archive ships what
 * the running {@code weft} would print. Arguments: the output folder and the build date
 * (YYYY-MM-DD).
 */
public final class BuildDocs {

  private BuildDocs() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: BuildDocs OUTPUT-DIR YYYY-MM-DD");
    }
    write(Path.of(args[0]), args[1].length() >= 10 ? args[1].substring(0, 10) : args[1]);
  }

  static void write(Path out, String date) throws IOException {
    Path man = Files.createDirectories(out.resolve("man/man1"));
    for (Map.Entry<String, String> page :
        new ManPage(date, Version.VERSION).pages(Main.addLogging(WeftCommand.tree())).entrySet()) {
      Files.writeString(man.resolve(page.getKey()), page.getValue(), StandardCharsets.UTF_8);
    }
    Path completion = Files.createDirectories(out.resolve("completion"));
    picocli.CommandLine tree = Main.addLogging(WeftCommand.tree());
    Files.writeString(
        completion.resolve("weft.bash"), CompletionCommand.script(tree), StandardCharsets.UTF_8);
    Files.writeString(
        completion.resolve("weft.zsh"), CompletionCommand.zshScript(tree), StandardCharsets.UTF_8);
  }
}
