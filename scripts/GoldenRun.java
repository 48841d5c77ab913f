import dev.weft.cli.Main;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * scripts/golden-check's driver: runs many weft commands in one JVM (a JVM start per command made the
 * check take an hour on a loaded machine). Each line of standard input is one command: the file for its
 * stdout and stderr (OUT, written OUT and OUT.err with the exit code last), then the weft arguments, all
 * separated by tabs. Run as: java -cp weft.jar scripts/GoldenRun.java < commands
 */
public final class GoldenRun {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      String[] parts = line.split("\t");
      Path out = Path.of(parts[0]);
      Files.createDirectories(out.toAbsolutePath().getParent());
      String[] weftArgs = java.util.Arrays.copyOfRange(parts, 1, parts.length);
      int code;
      try (PrintWriter stdout = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8));
          PrintWriter stderr =
              new PrintWriter(Files.newBufferedWriter(Path.of(parts[0] + ".err"), StandardCharsets.UTF_8))) {
        code = Main.run(weftArgs, stdout, stderr);
        stderr.println("exit " + code);
      }
    }
  }
}
