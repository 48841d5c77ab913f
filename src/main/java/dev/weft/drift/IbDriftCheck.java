package dev.weft.drift;

import dev.weft.compile.IbExpectedState;
import dev.weft.compile.IbFabricState;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.live.IbFabricReader;
import dev.weft.live.IbReadException;
import dev.weft.live.IbTools;
import dev.weft.model.FabricModel;
import dev.weft.model.SubnetManager;
import java.util.List;

/**
 * {@code weft drift} for an InfiniBand inventory: reads the fabric through infiniband-diags on the
 * SM host and compares P_Key membership, SL2VL, VL arbitration and the master SM with the intent.
 * The subnet is one device for the report: the intended master SM host.
 */
public final class IbDriftCheck {

  /** Rule id when the fabric cannot be read. */
  public static final String UNREACHABLE = "device-unreachable";

  private IbDriftCheck() {}

  /**
   * @param device the SM host the result is reported on
   * @param status {@code ok}, {@code drift} or {@code unreachable}
   * @param reason why it is unreachable, or null
   */
  public record Result(List<Finding> findings, String device, String status, String reason) {
    public Result {
      findings = List.copyOf(findings);
    }
  }

  public static Result run(FabricModel model, IbTools tools) {
    SubnetManager master = IbExpectedState.master(model.subnet()).orElse(null);
    String device = master == null ? model.fabric().name() : master.host();
    IbFabricState expected = IbExpectedState.of(model);
    IbFabricState live;
    try {
      live = new IbFabricReader(tools).read(model.subnet().qosEnabled());
    } catch (IbReadException e) {
      Finding f =
          Finding.of(
                  UNREACHABLE,
                  Severity.ERROR,
                  "cannot read the InfiniBand fabric from " + device + ": " + e.getMessage())
              .onDevice(device)
              .at(master == null ? model.subnet().at().self() : master.at().self());
      return new Result(List.of(f), device, "unreachable", e.getMessage());
    }
    List<Finding> drift = IbDrift.compare(model, expected, live);
    return new Result(drift, device, drift.isEmpty() ? "ok" : "drift", null);
  }
}
