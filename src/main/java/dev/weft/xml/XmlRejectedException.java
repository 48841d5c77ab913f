package dev.weft.xml;

/**
 * XML that {@link HardenedXml} refused: not well-formed, or carrying a DOCTYPE. The message is one
 * line and holds no document content beyond what the parser quotes of the fault.
 */
public final class XmlRejectedException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final boolean doctype;

  XmlRejectedException(String message, int line, int column, boolean doctype) {
    super(message);
    this.line = line;
    this.column = column;
    this.doctype = doctype;
  }

  /** 1-based line of the fault, or -1 when the parser gave none. */
  public int line() {
    return line;
  }

  /** 1-based column of the fault, or -1 when the parser gave none. */
  public int column() {
    return column;
  }

  /** True when the document was refused for its DOCTYPE (nothing in it was expanded). */
  public boolean doctype() {
    return doctype;
  }
}
