/**
 * Readers of device config back into the compiled device model, for the round trip of rendered files
 * and for drift on live config: {@link dev.weft.live.SonicConfigDbReader} (SONiC {@code config_db.json},
 * with the project's own JSON reader) and {@link dev.weft.live.OpenConfigReader} (OpenConfig +
 * weft-qos-ext XML, JDK parser with DTDs and external entities refused). {@link dev.weft.live.ReadBack}
 * says which facts of a compiled switch a platform's config carries, so intended and read-back switches
 * compare with {@code equals}. Every problem is a {@link dev.weft.live.ReadException} with one located line.
 */
package dev.weft.live;
