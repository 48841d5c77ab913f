package dev.weft.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CredentialsFileTest {

  private static CredentialsFile parse(String yaml) throws CredentialsFileException {
    return CredentialsFile.parse(
        "creds.yaml", yaml.getBytes(StandardCharsets.UTF_8), Path.of("/lab"));
  }

  private static String error(String yaml) {
    return assertThrows(CredentialsFileException.class, () -> parse(yaml)).getMessage();
  }

  @Test
  void readsTheThreeWaysToLogIn() throws Exception {
    CredentialsFile f =
        parse(
            """
                spines:
                  user: admin
                  agent: true
                lab:
                  user: netconf
                  key-file: keys/id_ed25519
                leaves:
                  user: admin
                  password-env: LEAF_PASSWORD
                """);
    assertEquals(List.of("lab", "leaves", "spines"), List.copyOf(f.entries().keySet()));
    assertEquals(
        Credentials.keyFile("netconf", Path.of("/lab/keys/id_ed25519")),
        f.get("lab").orElseThrow());
    assertEquals(Credentials.agent("admin"), f.get("spines").orElseThrow());
    assertEquals(
        Credentials.passwordFromEnv("admin", "LEAF_PASSWORD"), f.get("leaves").orElseThrow());
    assertEquals(
        Credentials.keyFile("u", Path.of("/abs/k")),
        parse("x: {user: u, key-file: /abs/k}").get("x").orElseThrow());
  }

  @Test
  void errorsNameFileLineAndColumn() {
    assertEquals(
        "creds.yaml:3:3: credential 'lab' has a password in the file; put it in an environment variable"
            + " and name that with password-env",
        error("lab:\n  user: admin\n  password: s3cret\n"));
    assertEquals(
        "creds.yaml:2:3: credential 'lab' needs exactly one of key-file, agent: true, password-env;"
            + " found 2",
        error("lab:\n  user: admin\n  agent: true\n  password-env: PW\n"));
    assertEquals("creds.yaml:2:3: credential 'lab' needs a user", error("lab:\n  agent: true\n"));
    assertEquals(
        "creds.yaml:3:3: credential 'lab': unknown key 'keyfile'; expected user, key-file, agent or"
            + " password-env",
        error("lab:\n  user: a\n  keyfile: k\n"));
    assertEquals(
        "creds.yaml:3:10: credential 'lab': agent must be true or false",
        error("lab:\n  user: a\n  agent: yes\n"));
    assertEquals(
        "creds.yaml:3:17: credential 'lab': password-env must name an environment variable (letters,"
            + " digits, _), found '$PW'",
        error("lab:\n  user: a\n  password-env: \"$PW\"\n"));
    assertEquals(
        "creds.yaml:1:6: credential 'lab' must be a mapping with user and one of key-file, agent,"
            + " password-env",
        error("lab: admin\n"));
  }

  @Test
  void yamlSyntaxErrorsKeepTheirPosition() {
    String m = error("lab:\n  user: [a\n");
    assertEquals("creds.yaml:", m.substring(0, "creds.yaml:".length()), m);
  }
}
