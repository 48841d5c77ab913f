package dev.weft.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the real command tree in-process and keeps what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRun(code, out.toString(), err.toString());
  }
}
