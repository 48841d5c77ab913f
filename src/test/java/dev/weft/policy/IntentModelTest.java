package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Health;
import dev.weft.model.Host;
import dev.weft.model.IbHealth;
import dev.weft.model.IbQos;
import dev.weft.model.Link;
import dev.weft.model.Management;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import dev.weft.model.NicQos;
import dev.weft.model.Partition;
import dev.weft.model.Pfc;
import dev.weft.model.PlanException;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.RoceMtu;
import dev.weft.model.Scheduler;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.model.Switch;
import dev.weft.model.TrafficClass;
import dev.weft.model.Versions;
import dev.weft.model.Waiver;
import dev.weft.model.Watchdog;
import dev.weft.schema.IntentFields;
import dev.weft.schema.IntentFields.IntentField;
import dev.weft.schema.IntentFields.IntentObject;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The intent is declared once, in the schema; these hold every other description of it to that one:
 * each field of each intent object is a component of its record, a field of its CEL type (what
 * {@code weft rules --format cel-types} prints) and a row of the field reference in {@code
 * docs/intent-format.md}. A field added to the schema and forgotten anywhere fails here, naming it.
 */
class IntentModelTest {

  private static final IntentFields SCHEMA = IntentFields.shipped();

  /**
   * The record each intent object is mapped to (the schema names objects, the model names records).
   */
  private static final Map<String, Class<?>> RECORDS =
      Map.ofEntries(
          Map.entry(IntentFields.TOP, FabricModel.class),
          Map.entry("fabric", Fabric.class),
          Map.entry("roce-mtu", RoceMtu.class),
          Map.entry("traffic-class", TrafficClass.class),
          Map.entry("ecn", Ecn.class),
          Map.entry("ecn-level", Ecn.BySpeed.class),
          Map.entry("scheduler", Scheduler.class),
          Map.entry("pfc", Pfc.class),
          Map.entry("watchdog", Watchdog.class),
          Map.entry("ecmp", Ecmp.class),
          Map.entry("health", Health.class),
          Map.entry("versions", Versions.class),
          Map.entry("nic-model", NicModel.class),
          Map.entry("nic-qos", NicQos.class),
          Map.entry("nic-ets", NicQos.Ets.class),
          Map.entry("dcqcn-rp", NicQos.DcqcnRp.class),
          Map.entry("exception", PlanException.class),
          Map.entry("profile", Profile.class),
          Map.entry("switch", Switch.class),
          Map.entry("management", Management.class),
          Map.entry("port", Port.class),
          Map.entry("host", Host.class),
          Map.entry("nic", Nic.class),
          Map.entry("hca", Hca.class),
          Map.entry("link", Link.class),
          Map.entry("subnet", Subnet.class),
          Map.entry("subnet-manager", SubnetManager.class),
          Map.entry("ib-qos", IbQos.class),
          Map.entry("ib-health", IbHealth.class),
          Map.entry("vlarb-entry", IbQos.VlWeight.class),
          Map.entry("qos-level", IbQos.QosLevel.class),
          Map.entry("partition", Partition.class),
          Map.entry("partition-member", Partition.Member.class),
          Map.entry("waiver", Waiver.class),
          Map.entry("cli-login", Management.class));

  /**
   * Objects the model folds into a value of their owner (a field per object, not a record), and
   * record components named otherwise than their key. Short on purpose: each entry is a name the
   * test cannot derive.
   */
  private static final Set<String> FOLDED =
      Set.of("nic-model.cnp", "exception.watchdog", "headroom", "enabled-switch");

  private static final Map<String, String> COMPONENTS =
      Map.of(
          "roce-mtu.switch", "switchMtu",
          "subnet.routing-engine", "routingEngines",
          "nic-model.cnp", "cnpDscp",
          "exception.watchdog", "watchdogAction",
          "intent.version", "");

  @Test
  void everyIntentObjectIsARecordOrFoldedIntoOne() {
    List<String> missing = new ArrayList<>();
    for (IntentObject o : SCHEMA.objects()) {
      if (!RECORDS.containsKey(o.name()) && !FOLDED.contains(o.name())) {
        missing.add(o.name());
      }
    }
    assertEquals(List.of(), missing, "intent objects with no record in the model");
  }

  @Test
  void everyIntentFieldIsARecordComponent() {
    List<String> missing = new ArrayList<>();
    for (IntentObject o : SCHEMA.objects()) {
      Class<?> record = RECORDS.get(o.name());
      if (record == null) {
        continue;
      }
      Set<String> components = new HashSet<>();
      Arrays.stream(record.getRecordComponents())
          .map(RecordComponent::getName)
          .forEach(components::add);
      for (IntentField f : o.fields()) {
        String name =
            COMPONENTS.getOrDefault(o.name() + "." + f.key(), DerivedFields.componentName(f.key()));
        if (!name.isEmpty() && !components.contains(name)) {
          missing.add(o.name() + "." + f.key() + " (" + record.getSimpleName() + "." + name + ")");
        }
      }
    }
    assertEquals(List.of(), missing, "intent fields the model's records do not hold");
  }

  @Test
  void everyIntentFieldIsAFieldOfItsCelType() {
    Shapes shapes = new Shapes();
    List<String> missing = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    walk(SCHEMA.object(IntentFields.TOP), shapes.shape("weft.Fabric"), shapes, missing, seen);
    assertEquals(
        List.of(), missing, "intent fields a site rule cannot see (weft rules --format cel-types)");
    for (IntentObject o : SCHEMA.objects()) {
      assertTrue(
          seen.contains(o.name()) || FOLDED.contains(o.name()) || o.name().equals("scheduler"),
          () -> "intent object " + o.name() + " is reached by no CEL type");
    }
  }

  /**
   * Descends the schema and the CEL types together: each key a field, each nested object a type.
   */
  private static void walk(
      IntentObject object, Shape shape, Shapes shapes, List<String> missing, Set<String> seen) {
    if (!seen.add(object.name())) {
      return;
    }
    for (IntentField f : object.fields()) {
      String where = object.name() + "." + f.key();
      String cel = IntentShapes.COVERS.getOrDefault(where, DerivedFields.celName(f.key()));
      if (cel.isEmpty()) {
        assertTrue(
            IntentShapes.NOT_SHOWN.containsKey(where), where + " is hidden without a reason");
        continue;
      }
      if (cel.equals(".")) {
        walk(SCHEMA.object(f.object()), shape, shapes, missing, seen);
        continue;
      }
      Shape.Field field = shape.fields().get(cel);
      if (field == null) {
        missing.add(where + " (" + shape.name() + "." + cel + ")");
        continue;
      }
      Shape.Kind kind = field.kind();
      while (kind instanceof Shape.ListOf || kind instanceof Shape.MapOf) {
        kind = kind instanceof Shape.ListOf l ? l.element() : ((Shape.MapOf) kind).value();
      }
      if (f.object() != null && kind instanceof Shape.Struct s) {
        walk(SCHEMA.object(f.object()), shapes.shape(s.shape()), shapes, missing, seen);
      }
    }
  }

  @Test
  void theCelTypeReferenceShowsTheFieldsTheSchemaAdded() {
    String reference = TypeReference.markdown();
    for (String field :
        List.of(
            "`nic_models`", "`buffer_pools`", "`health`", "`seeds`", "`gid_index`", "`media`")) {
      assertTrue(reference.contains(field), () -> "weft rules --format cel-types lacks " + field);
    }
  }

  @Test
  void theFieldReferenceInTheDocsIsTheSchemas() throws Exception {
    String generated = SCHEMA.markdown();
    Path out = Validation.project().resolve("target/intent-fields.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, generated, StandardCharsets.UTF_8);
    String doc = Files.readString(Validation.project().resolve("docs/intent-format.md"));
    String begin = "<!-- intent-fields:begin -->\n";
    int from = doc.indexOf(begin);
    int to = doc.indexOf("<!-- intent-fields:end -->");
    assertTrue(from >= 0 && to > from, "docs/intent-format.md lost its intent-fields markers");
    assertEquals(
        generated,
        doc.substring(from + begin.length(), to),
        "docs/intent-format.md is out of date: paste the output of  weft schema --format markdown"
            + "  (also written to target/intent-fields.md) between the markers");
    for (IntentObject o : SCHEMA.objects()) {
      for (IntentField f : o.fields()) {
        assertTrue(
            doc.contains("| `" + f.key() + "` |"),
            () -> "docs/intent-format.md has no row for " + o.name() + "." + f.key());
      }
    }
  }
}
