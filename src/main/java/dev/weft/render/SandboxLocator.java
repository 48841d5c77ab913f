package dev.weft.render;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.loader.ResourceLocator;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

/**
 * Lets {@code include}, {@code import} and {@code extends} read only from the templates folders.
 */
final class SandboxLocator implements ResourceLocator {
  private final TemplateFolders folders;

  /**
   * The templates included by the render running on this thread, so an error raised inside an
   * included template can be pinned to that file (Jinjava reports only the line).
   */
  private final ThreadLocal<List<TemplateFolders.Template>> included =
      ThreadLocal.withInitial(ArrayList::new);

  SandboxLocator(TemplateFolders folders) {
    this.folders = folders;
  }

  @Override
  public String getString(String fullName, Charset encoding, JinjavaInterpreter interpreter)
      throws IOException {
    try {
      List<TemplateFolders.Template> soFar = included.get();
      if (soFar.size() >= TemplateEngine.MAX_INCLUDES) {
        throw new IOException(
            "more than "
                + TemplateEngine.MAX_INCLUDES
                + " templates included in one render"
                + " (limit: includes per render; an include fan-out)");
      }
      TemplateFolders.Template template = folders.read(fullName);
      soFar.add(template);
      return template.text();
    } catch (TemplateAccessException e) {
      throw new IOException(e.getMessage());
    }
  }

  /** Forgets what earlier renders on this thread included. */
  void startRender() {
    included.get().clear();
  }

  /** What the current render on this thread included so far, in load order. */
  List<TemplateFolders.Template> includedSoFar() {
    return List.copyOf(included.get());
  }
}
