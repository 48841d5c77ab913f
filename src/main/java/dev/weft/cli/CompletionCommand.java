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
 * through its bash-completion emulation, which the script switches on itself; for zsh it is wrapped
 * so that it also works as a completion function in {@code fpath} (the archive's {@code _weft}).
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
    CommandLine root = spec.root().commandLine();
    out.print("zsh".equals(shell) ? zshScript(root) : script(root));
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

  /**
   * The bash script as a zsh completion function file ({@code _weft} in {@code fpath}), which still
   * works when sourced. compinit only autoloads a file whose first line is {@code #compdef}, and
   * autoloading parses the whole file before running it, so picocli's {@code alias
   * compopt=complete} comes too late for the functions below it: a function does the same (declared
   * with {@code function}, so an alias from an earlier source cannot rename it). Autoloaded, the
   * file is the function {@code _weft}, called for the first completion of {@code weft}; the script
   * registers its bash function then, so that first completion is answered through it as well.
   */
  static String zshScript(CommandLine root) {
    return "#compdef weft\n"
        + "# zsh completion for weft: in fpath as _weft (bin/install links it into"
        + " PREFIX/share/zsh/site-functions),\n"
        + "# or sourced after compinit. The bash script below runs through zsh's bashcompinit.\n"
        + "(( $+functions[compopt] )) || function compopt { complete \"$@\"; }\n"
        + script(root)
        + "\n# autoloaded as _weft by compinit: complete this first time too\n"
        + "if [[ ${funcstack[1]} == _weft ]]; then\n"
        + "  _bash_complete -F _complete_weft -o default\n"
        + "fi\n";
  }

  /** The shells {@code weft completion} writes for, offered when completing its argument. */
  static final class Shells implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.List.of("bash", "zsh").iterator();
    }
  }
}
