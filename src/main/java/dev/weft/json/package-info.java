/**
 * A small JSON reader and writer (and canonical JSON for rendered files): shared values every stage
 * may use, importing no stage.
 */
package dev.weft.json;
