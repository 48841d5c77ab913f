/**
 * The intent stage: load an inventory's files (parse through {@code yaml}, check through {@code
 * schema}), merge them by key (intent-format §1) and map the node tree to the {@code model}
 * records, keeping the file and line of every value. Imports no third-party library.
 */
package dev.weft.intent;
