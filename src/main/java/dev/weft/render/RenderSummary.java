package dev.weft.render;

/** The summary line of a render: how many devices, files and bytes were written. */
public record RenderSummary(int devices, int files, long bytes) {
    @Override
    public String toString() {
        return "rendered " + devices + (devices == 1 ? " device, " : " devices, ")
                + files + (files == 1 ? " file, " : " files, ")
                + bytes + (bytes == 1 ? " byte" : " bytes");
    }
}
