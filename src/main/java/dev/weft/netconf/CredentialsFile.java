package dev.weft.netconf;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.source.SourceFile;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.ScalarNode;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code --credentials} file: credential names (as used by a switch's {@code
 * management.credentials}) mapped to a user and one way to log in. Secrets never live in it: a
 * password is named by the environment variable that holds it.
 *
 * <pre>
 * lab:
 *   user: netconf
 *   key-file: keys/lab_ed25519     # relative to this file; ~/ is the home directory
 * spines:
 *   user: admin
 *   agent: true                    # the SSH agent of SSH_AUTH_SOCK
 * leaves:
 *   user: admin
 *   password-env: LEAF_PASSWORD    # read at connect time
 * </pre>
 */
public final class CredentialsFile {

  private static final Set<String> KEYS = Set.of("user", "key-file", "agent", "password-env");
  private static final long MAX_BYTES = 1024 * 1024;

  private final SortedMap<String, Credentials> entries;

  private CredentialsFile(SortedMap<String, Credentials> entries) {
    this.entries = Collections.unmodifiableSortedMap(entries);
  }

  public static CredentialsFile load(Path file) throws CredentialsFileException {
    byte[] bytes;
    try {
      if (!Files.isRegularFile(file)) {
        // a device (/dev/zero) or a pipe never ends; a folder is a mistake
        throw new CredentialsFileException(
            file
                + ": "
                + (Files.exists(file) ? "not a regular file" : "no such file")
                + "; the credentials file is a YAML file");
      }
      try (java.io.InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) MAX_BYTES + 1); // bounded even if the file grows meanwhile
      }
      if (bytes.length > MAX_BYTES) {
        throw new CredentialsFileException(
            file
                + ": larger than "
                + MAX_BYTES
                + " bytes (limit: credentials file"
                + " size); not a credentials file");
      }
    } catch (IOException e) {
      throw new CredentialsFileException(
          file + ": cannot read the credentials file (" + e.getClass().getSimpleName() + ")");
    }
    Path base = file.toAbsolutePath().getParent();
    return parse(file.toString(), bytes, base);
  }

  /**
   * Parses the content; {@code display} names the file in messages, {@code baseDir} resolves key
   * files.
   */
  static CredentialsFile parse(String display, byte[] content, Path baseDir)
      throws CredentialsFileException {
    ParseResult parsed =
        new YamlParser(new LoadLimits(MAX_BYTES, 0, 8)).parse(new SourceFile(display, content, ""));
    if (!parsed.ok()) {
      Finding f = parsed.findings().get(0);
      throw new CredentialsFileException(
          f.where().map(Location::toString).orElse(display) + ": " + f.message());
    }
    SortedMap<String, Credentials> out = new TreeMap<>();
    for (MapNode.Entry e : parsed.root().entries().values()) {
      out.put(e.key(), entry(e, baseDir));
    }
    return new CredentialsFile(out);
  }

  private static Credentials entry(MapNode.Entry e, Path baseDir) throws CredentialsFileException {
    if (!(e.value() instanceof MapNode map)) {
      throw error(
          e.value().location(),
          "credential '"
              + e.key()
              + "' must be a mapping with user and one of key-file, agent, password-env");
    }
    for (MapNode.Entry field : map.entries().values()) {
      if ("password".equals(field.key())) {
        throw error(
            field.keyLocation(),
            "credential '"
                + e.key()
                + "' has a password in the file;"
                + " put it in an environment variable and name that with password-env");
      }
      if (!KEYS.contains(field.key())) {
        throw error(
            field.keyLocation(),
            "credential '"
                + e.key()
                + "': unknown key '"
                + field.key()
                + "'; expected user, key-file, agent or password-env");
      }
    }
    String user = string(map, "user", e.key());
    if (user == null) {
      throw error(map.location(), "credential '" + e.key() + "' needs a user");
    }
    String keyFile = string(map, "key-file", e.key());
    String passwordEnv = string(map, "password-env", e.key());
    boolean agent = false;
    Optional<Node> agentNode = map.get("agent");
    if (agentNode.isPresent()) {
      if (!(agentNode.get() instanceof ScalarNode s) || !(s.value() instanceof Boolean b)) {
        throw error(
            agentNode.get().location(),
            "credential '" + e.key() + "': agent must be true or false");
      }
      agent = b;
    }
    int methods = (keyFile != null ? 1 : 0) + (agent ? 1 : 0) + (passwordEnv != null ? 1 : 0);
    if (methods != 1) {
      throw error(
          map.location(),
          "credential '"
              + e.key()
              + "' needs exactly one of key-file, agent: true,"
              + " password-env; found "
              + methods);
    }
    if (passwordEnv != null && !passwordEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw error(
          map.get("password-env").orElseThrow().location(),
          "credential '"
              + e.key()
              + "': password-env must name an environment variable (letters, digits, _), found '"
              + passwordEnv
              + "'");
    }
    if (keyFile != null) {
      return Credentials.keyFile(user, resolve(keyFile, baseDir));
    }
    return agent ? Credentials.agent(user) : Credentials.passwordFromEnv(user, passwordEnv);
  }

  private static Path resolve(String keyFile, Path baseDir) {
    if (keyFile.startsWith("~/")) {
      return Path.of(System.getProperty("user.home")).resolve(keyFile.substring(2));
    }
    Path p = Path.of(keyFile);
    return p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p).normalize();
  }

  private static String string(MapNode map, String key, String name)
      throws CredentialsFileException {
    Optional<Node> n = map.get(key);
    if (n.isEmpty()) {
      return null;
    }
    if (!(n.get() instanceof ScalarNode s) || !(s.value() instanceof String v) || v.isBlank()) {
      throw error(
          n.get().location(), "credential '" + name + "': " + key + " must be a non-empty string");
    }
    return v;
  }

  private static CredentialsFileException error(Location where, String message) {
    return new CredentialsFileException(where + ": " + message);
  }

  /** The credentials named {@code name}, as referenced by {@code management.credentials}. */
  public Optional<Credentials> get(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /** Every entry, sorted by name. */
  public Map<String, Credentials> entries() {
    return entries;
  }
}
