package org.agentcommerce.platform.application.buyer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.platform.testing.MapConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/DevBuyerTokens.java}, the local trial's buyer-token issuer, run as an operator runs
 * it ({@code java tools/DevBuyerTokens.java …}): its key files are private where they must be, its
 * public file carries no private part, and the service's own verifier accepts what it mints.
 */
class DevBuyerTokensToolTest {

  private static final Path TOOL = Path.of("../../tools/DevBuyerTokens.java").toAbsolutePath();

  @TempDir Path temp;

  @Test
  void mintedTokenPassesTheServicesVerifier() throws Exception {
    Path dir = temp.resolve("issuer");
    run("init", dir.toString());
    String token =
        run("mint", dir.toString(), "--subject", "user-1842", "--email", "buyer@example.com")
            .strip();

    VerifiedBuyerToken verified =
        BuyerTokenVerifierTest.verifier(
                MapConfig.of(
                    "mp.jwt.verify.publickey.location", dir.resolve("jwks.json").toString(),
                    "mp.jwt.verify.issuer", "urn:agent-commerce:local-trial",
                    "mp.jwt.verify.audiences", "agent-commerce"))
            .verify(token);

    assertEquals("user-1842", verified.getSubject());
    assertEquals("buyer@example.com", verified.getClaim("email"));
    assertEquals(3600, verified.getExpirationTime() - verified.getIssuedAtTime());
  }

  @Test
  void privateKeyIsPrivateAndNeverInThePublicFile() throws Exception {
    Path dir = temp.resolve("issuer");
    run("init", dir.toString());

    assertEquals(
        "rw-------",
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(dir.resolve("private-key.pem"))));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    String jwks = Files.readString(dir.resolve("jwks.json"));
    assertTrue(jwks.contains("\"n\":"));
    for (String privatePart : List.of("\"d\"", "\"p\"", "\"q\"", "\"dp\"", "\"dq\"", "\"qi\"")) {
      assertFalse(jwks.contains(privatePart), privatePart);
    }
  }

  @Test
  void initRefusesToReplaceAKey() throws Exception {
    Path dir = temp.resolve("issuer");
    run("init", dir.toString());
    String before = Files.readString(dir.resolve("private-key.pem"));

    Process again = start("init", dir.toString());

    assertEquals(1, again.waitFor());
    assertEquals(before, Files.readString(dir.resolve("private-key.pem")));
  }

  private static String run(String... args) throws IOException, InterruptedException {
    Process process = start(args);
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, process.waitFor(), err);
    return out;
  }

  private static Process start(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(TOOL.toString());
    command.addAll(List.of(args));
    return new ProcessBuilder(command).start();
  }
}
