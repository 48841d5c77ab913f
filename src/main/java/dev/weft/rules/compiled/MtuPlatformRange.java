package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.platform.PortMtuRange;
import dev.weft.rules.RuleInput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A port MTU the switch's platform would refuse: outside the range its configuration model accepts
 * (the pack declares it from the vendored model, {@link PlatformPack#portMtuRange()}). The device
 * rejects the whole edit, so the value must stop at validate time, at the line that holds it, not
 * at the commit. The intent schema only bounds MTUs to the widest platform's range (SONiC's
 * 68-9216); a narrower one (SR Linux's 1450, NX-OS's 576 minimum) is the pack's to say. One finding
 * per line and platform, naming the first port and how many more.
 */
public final class MtuPlatformRange extends FabricRule {

  static final String ID = "mtu-platform-range";

  private final Platforms platforms = Platforms.builtIn();

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    Map<List<Object>, Out> outs = new LinkedHashMap<>();
    for (CompiledSwitch s : compiled.switches()) {
      Optional<PortMtuRange> range =
          platforms.pack(s.platform()).flatMap(PlatformPack::portMtuRange);
      if (range.isEmpty()) {
        continue;
      }
      PortMtuRange r = range.get();
      for (CompiledPort p : s.ports()) {
        if (p.mtu() == null || r.accepts(p.mtu())) {
          continue;
        }
        Location at = p.owner("mtu");
        List<Object> key =
            List.of(s.platform(), at == null ? s.name() + ":" + p.name() : at, p.mtu());
        Out out = outs.get(key);
        if (out == null) {
          outs.put(key, new Out(s, p, r));
        } else {
          out.more++;
        }
      }
    }
    for (Out out : outs.values()) {
      CompiledPort p = out.port;
      String more =
          out.more == 0
              ? ""
              : " (and " + out.more + " more port" + (out.more == 1 ? "" : "s") + " at this line)";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  out.device.name()
                      + ":"
                      + p.name()
                      + " MTU "
                      + p.mtu()
                      + " is outside "
                      + out.range.min()
                      + ".."
                      + out.range.max()
                      + ", the port MTUs platform "
                      + out.device.platform()
                      + " accepts ("
                      + out.range.source()
                      + "); the device would refuse the configuration"
                      + more)
              .at(p.owner("mtu") != null ? p.owner("mtu") : out.device.owner("name"))
              .onDevice(out.device.name())
              .onPort(p.name())
              .withValues(out.range.min() + ".." + out.range.max(), Integer.toString(p.mtu())));
    }
  }

  /** The first port one MTU line puts out of a platform's range, and how many more it does. */
  private static final class Out {
    final CompiledSwitch device;
    final CompiledPort port;
    final PortMtuRange range;
    int more;

    Out(CompiledSwitch device, CompiledPort port, PortMtuRange range) {
      this.device = device;
      this.port = port;
      this.range = range;
    }
  }
}
