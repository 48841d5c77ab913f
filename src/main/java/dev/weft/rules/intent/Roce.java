package dev.weft.rules.intent;

import dev.weft.finding.Location;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Provenance;
import dev.weft.model.TrafficClass;

/** Small helpers the intent rules share. */
final class Roce {

  private Roce() {}

  /** The fabric when it is a RoCE fabric, else null (RoCE rules then have nothing to check). */
  static Fabric fabric(FabricModel model) {
    return model != null && model.fabric() != null && model.isRoce() ? model.fabric() : null;
  }

  /** The location of {@code field}, or of the object, or null when the object has no provenance. */
  static Location at(Provenance p, String field) {
    return p == null ? null : p.of(field);
  }

  /**
   * The location of a nested object's field, falling back to the parent's field when the child has
   * no provenance.
   */
  static Location at(Provenance child, String field, Provenance parent, String parentField) {
    return child != null ? child.of(field) : at(parent, parentField);
  }

  static String classPath(int index, String field) {
    return "/fabric/traffic-classes/" + index + (field == null ? "" : "/" + field);
  }

  /** A class's queue line, or its priority line when the queue defaults to the priority. */
  static Location queueLine(TrafficClass tc) {
    Provenance p = tc.at();
    if (p == null) {
      return null;
    }
    return p.written("queue") ? p.of("queue") : p.of("priority");
  }

  static String where(Location l) {
    return l == null ? "unknown place" : l.toString();
  }
}
