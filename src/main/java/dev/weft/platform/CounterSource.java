package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a platform's switch counters are read over its live transport, beside its config: the show
 * commands run over the SSH login, or the {@code <get>} of operational state over NETCONF, and how
 * their answers become {@link Counters}. A pack that serves counters returns one from {@link
 * LiveProfile#counters()}; the health stage asks the pack, never the platform's id.
 */
public interface CounterSource {

  /**
   * A {@code <get>} of operational state.
   *
   * @param name how the state is named in findings and as the answer's key, e.g. {@code <get>
   *     /qos/...}
   * @param filter the subtree filter
   */
  record StateGet(String name, String filter) {}

  /** The commands to run on this switch over its SSH login, in order (empty: none). */
  default List<String> commands(CompiledSwitch sw) {
    return List.of();
  }

  /**
   * The {@code <get>} of operational state the switch's counters come from over NETCONF, or empty.
   */
  default Optional<StateGet> state(CompiledSwitch sw) {
    return Optional.empty();
  }

  /**
   * The counters in the answers.
   *
   * @param answers command (or {@link StateGet#name()}) → its output, each within the size Weft
   *     parses; what the device did not answer is absent
   * @param problems where each answer that could not be used is added, naming the command
   */
  Counters parse(CompiledSwitch sw, Map<String, String> answers, List<CounterProblem> problems);
}
