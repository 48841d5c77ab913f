package dev.weft.render;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.loader.ResourceLocator;
import java.io.IOException;
import java.nio.charset.Charset;

/** Lets {@code include}, {@code import} and {@code extends} read only from the templates folders. */
final class SandboxLocator implements ResourceLocator {
    private final TemplateFolders folders;

    SandboxLocator(TemplateFolders folders) {
        this.folders = folders;
    }

    @Override
    public String getString(String fullName, Charset encoding, JinjavaInterpreter interpreter) throws IOException {
        try {
            return folders.read(fullName).text();
        } catch (TemplateAccessException e) {
            throw new IOException(e.getMessage());
        }
    }
}
