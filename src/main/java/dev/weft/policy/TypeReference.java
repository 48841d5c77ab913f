package dev.weft.policy;

import java.util.Map;

/**
 * The reference of what a user rule sees, as Markdown: the scopes with their variables, then every
 * type with its fields, CEL types and units. Written from the same tables the CEL environment is
 * built from ({@code weft rules --format cel-types}; the field reference of {@code
 * docs/policies.md}).
 */
public final class TypeReference {

  private TypeReference() {}

  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("| scope | checked on | variables |\n|---|---|---|\n");
    for (RuleScope s : RuleScope.values()) {
      md.append("| `").append(s.word()).append("` | ").append(s.doc()).append(" | ");
      StringBuilder vars = new StringBuilder();
      for (Map.Entry<String, String> v : s.variables().entrySet()) {
        vars.append(vars.isEmpty() ? "" : ", ")
            .append('`')
            .append(v.getKey())
            .append("` (")
            .append(v.getValue())
            .append(')');
      }
      md.append(vars.isEmpty() ? "—" : vars).append(" |\n");
    }
    md.append(
        "\nEvery scope also sees `fabric` (weft.Fabric) and `today` (a timestamp: the run's date at 00:00 UTC).\n");
    for (Shape s : new Shapes().all()) {
      md.append("\n#### ").append(s.name()).append("\n\n").append(capital(s.doc())).append(".\n\n");
      md.append("| field | type | unit | notes |\n|---|---|---|---|\n");
      for (Shape.Field f : s.fields().values()) {
        md.append("| `")
            .append(f.name())
            .append("` | ")
            .append(type(f.kind()))
            .append(" | ")
            .append(f.unit())
            .append(" | ")
            .append(f.doc().replace("|", "\\|"))
            .append(" |\n");
      }
    }
    return md.toString();
  }

  private static String type(Shape.Kind kind) {
    if (kind instanceof Shape.Scalar s) {
      return s.cel();
    }
    if (kind instanceof Shape.Struct st) {
      return st.shape();
    }
    if (kind instanceof Shape.ListOf l) {
      return "list(" + type(l.element()) + ")";
    }
    Shape.MapOf m = (Shape.MapOf) kind;
    return "map(" + m.keyCel() + ", " + type(m.value()) + ")";
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
