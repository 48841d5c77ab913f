package dev.weft.netconf;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How to log in to a device: exactly one of a private key file, the SSH agent, or a password taken
 * from an environment variable at connect time. The record never holds a secret, only where to find
 * it, so {@link #toString()} is safe to log.
 *
 * @param user SSH user
 * @param keyFile private key file (OpenSSH or PEM), or null
 * @param agent use the SSH agent named by {@code SSH_AUTH_SOCK}
 * @param passwordEnv name of the environment variable holding the password, or null
 */
public record Credentials(String user, Path keyFile, boolean agent, String passwordEnv) {

  public Credentials {
    Objects.requireNonNull(user, "user");
    int methods = (keyFile != null ? 1 : 0) + (agent ? 1 : 0) + (passwordEnv != null ? 1 : 0);
    if (methods != 1) {
      throw new IllegalArgumentException(
          "credentials for "
              + user
              + " need exactly one of key-file, agent or password-env, got "
              + methods);
    }
    if (passwordEnv != null && !passwordEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new IllegalArgumentException(
          "password-env must be an environment variable name, got '" + passwordEnv + "'");
    }
  }

  public static Credentials keyFile(String user, Path keyFile) {
    return new Credentials(user, Objects.requireNonNull(keyFile, "keyFile"), false, null);
  }

  public static Credentials agent(String user) {
    return new Credentials(user, null, true, null);
  }

  public static Credentials passwordFromEnv(String user, String variable) {
    return new Credentials(user, null, false, Objects.requireNonNull(variable, "variable"));
  }

  /** {@code key-file /path}, {@code agent} or {@code password from $VAR}: for messages. */
  public String method() {
    if (keyFile != null) {
      return "key-file " + keyFile;
    }
    return agent ? "agent" : "password from $" + passwordEnv;
  }

  @Override
  public String toString() {
    return "Credentials[user=" + user + ", " + method() + "]";
  }
}
