package dev.weft.generate;

/**
 * Which {@link SwitchModel} each switch of a generated fabric is. Links join ports at one speed, so
 * a leaf's host ports, its NICs and its uplinks take the leaf's speed, and the spines of a group
 * must run at the speed of the leaves of the rails the group serves ({@link RailPlanes}).
 */
public interface FabricHardware {

  /** The leaves of rail {@code rail} (and the NICs on that rail take its speed). */
  SwitchModel leaf(int rail);

  /** Spine {@code index} (0-based within its group) of spine group {@code group}. */
  SwitchModel spine(int group, int index);

  /** The super-spines of rail {@code rail} (three tiers only). */
  SwitchModel superSpine(int rail);

  /** Every switch the same model. */
  static FabricHardware uniform(SwitchModel model) {
    return new FabricHardware() {
      @Override
      public SwitchModel leaf(int rail) {
        return model;
      }

      @Override
      public SwitchModel spine(int group, int index) {
        return model;
      }

      @Override
      public SwitchModel superSpine(int rail) {
        return model;
      }
    };
  }
}
