package dev.weft.live;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Location;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import java.util.Objects;

/**
 * One device to read.
 *
 * @param intended its compiled switch (name, platform, provenance for findings)
 * @param endpoint where it listens, or null when {@code problem} says why not
 * @param credentials how to log in, or null when {@code problem} says why not
 * @param problem why the device cannot even be tried (no management, unknown credential), or null
 * @param cli the switch's CLI login over SSH ({@code management.cli}), read beside NETCONF for what
 *     its platform serves only there, or null
 */
public record LiveTarget(
    CompiledSwitch intended,
    DeviceEndpoint endpoint,
    Credentials credentials,
    String problem,
    Login cli) {
  public LiveTarget {
    Objects.requireNonNull(intended, "intended");
    if (problem == null && (endpoint == null || credentials == null)) {
      throw new IllegalArgumentException(
          "a target needs an endpoint and credentials, or a problem");
    }
  }

  /** Without a CLI login. */
  public LiveTarget(
      CompiledSwitch intended, DeviceEndpoint endpoint, Credentials credentials, String problem) {
    this(intended, endpoint, credentials, problem, null);
  }

  /** An SSH login: where, and with what. */
  public record Login(DeviceEndpoint endpoint, Credentials credentials) {
    public Login {
      Objects.requireNonNull(endpoint, "endpoint");
      Objects.requireNonNull(credentials, "credentials");
    }
  }

  public String name() {
    return intended.name();
  }

  /**
   * The intent line of the device's management block, else its name: where findings about reaching
   * it point.
   */
  public Location owner() {
    Location at = intended.provenance().get("management_host");
    return at != null ? at : intended.provenance().get("name");
  }
}
