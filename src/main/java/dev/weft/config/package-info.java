/**
 * The project file {@code .weft.yaml}: found from the working folder up to the repository root,
 * read with the hardened YAML reader ({@code yaml}), its settings typed and its paths resolved
 * against its folder; an unknown key or a value of the wrong kind is a {@code config} finding at
 * its line. The command line ({@code cli}) turns the settings into option defaults. Depends on
 * {@code yaml}, {@code source} (the file's bytes as a source file) and the shared values.
 */
package dev.weft.config;
