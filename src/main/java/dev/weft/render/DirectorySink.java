package dev.weft.render;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** Writes {@code DIR/<device>/<file>} as soon as a device is rendered, so memory stays flat. */
public final class DirectorySink implements RenderSink {
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final Path root;

    public DirectorySink(Path root) {
        this.root = root;
    }

    @Override
    public void accept(String device, String file, byte[] content) throws IOException {
        // Device names come from intent and file names from a manifest; neither may climb out of DIR.
        if (!SAFE_NAME.matcher(device).matches() || !SAFE_NAME.matcher(file).matches()) {
            throw new IOException("refusing to write '" + device + "/" + file + "': not a plain file name");
        }
        Path folder = root.resolve(device);
        Files.createDirectories(folder);
        Files.write(folder.resolve(file), content);
    }
}
