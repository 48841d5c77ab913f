package dev.weft.render;

import java.io.IOException;

/**
 * Where rendered files go, one device at a time. Called from rendering threads: an implementation
 * must accept calls for different devices at once (each device's files come from one thread).
 */
public interface RenderSink {
  void accept(String device, String file, byte[] content) throws IOException;
}
