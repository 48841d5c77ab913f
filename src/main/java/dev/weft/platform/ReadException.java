package dev.weft.platform;

/**
 * A device config that cannot be read back: one line naming where (file line, JSON table/key or
 * XML path) and what was expected and found.
 */
public final class ReadException extends Exception {
    private static final long serialVersionUID = 1L;

    public ReadException(String message) {
        super(message);
    }
}
