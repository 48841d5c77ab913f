package dev.weft.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft completion bash|zsh}: the shell completion script picocli generates from the command
 * tree (subcommands, options, option values that have a fixed set). The same script serves zsh
 * through its bash-completion emulation, which the script switches on itself.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description =
        "Print the shell completion script for bash or zsh. Load it in the running shell with"
            + " 'source <(weft completion bash)', or put that line in ~/.bashrc (zsh: ~/.zshrc, after compinit).",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft completion bash > ~/.local/share/bash-completion/completions/weft",
      "  weft completion zsh > ~/.zfunc/_weft"
    })
final class CompletionCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "SHELL",
      completionCandidates = Shells.class,
      description = "bash or zsh.")
  String shell;

  @Override
  public Integer call() {
    if (!"bash".equals(shell) && !"zsh".equals(shell)) {
      throw new UsageException("completion: the shell must be bash or zsh, found '" + shell + "'");
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(script(spec.root().commandLine()));
    out.flush();
    return ExitCode.OK;
  }

  /**
   * The script for the whole tree under {@code root} (Main registers every subcommand for this
   * command).
   */
  static String script(CommandLine root) {
    return AutoComplete.bash("weft", root);
  }

  /** The shells {@code weft completion} writes for, offered when completing its argument. */
  static final class Shells implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.List.of("bash", "zsh").iterator();
    }
  }
}
