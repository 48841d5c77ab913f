/**
 * The command line: picocli commands that wire the pipeline for each command, map its outcome to an
 * exit code and write the report. Holds no use case of its own (those live in the stages) and is
 * the only package that imports picocli.
 */
package dev.weft.cli;
