package org.agentcommerce.platform.application.buyer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;
import org.eclipse.microprofile.config.Config;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.lang.JoseException;

/**
 * A buyer-token issuer for local trials on the embedded default only: off unless {@code
 * ac.dev-issuer.enabled=true}, never used when a real issuer is configured, refused on any database
 * but H2, and refused when the server listens on any address beyond loopback (anyone who can reach
 * it could mint buyers). Its RSA key pair is generated at first start into {@code ./data}.
 */
@ApplicationScoped
public class DevBuyerIssuer {

  public static final String ISSUER = "urn:agent-commerce:dev-issuer";
  public static final String AUDIENCE = "agent-commerce";

  private static final Logger LOG = Logger.getLogger(DevBuyerIssuer.class.getName());

  @Inject Config config;
  @Inject DatabaseProbe database;
  @Inject Clock clock;

  /** The addresses this server listens on; replaced in tests. */
  Supplier<Optional<Set<InetAddress>>> listening = ListeningAddresses::ofThisProcess;

  private volatile RsaJsonWebKey key;
  private volatile Boolean enabled;

  /** Whether this server mints and trusts development buyer tokens. */
  public boolean isEnabled() {
    Boolean e = enabled;
    if (e == null) {
      Optional<Boolean> decided = decide();
      decided.ifPresent(d -> enabled = d);
      return decided.orElse(false);
    }
    return e;
  }

  /**
   * The decision, or empty while the database cannot say what it is or the server does not listen
   * yet (asked again next time).
   */
  private Optional<Boolean> decide() {
    if (!config.getOptionalValue("ac.dev-issuer.enabled", Boolean.class).orElse(false)) {
      return Optional.of(false);
    }
    if (config.getOptionalValue("mp.jwt.verify.publickey", String.class).isPresent()
        || config.getOptionalValue("mp.jwt.verify.publickey.location", String.class).isPresent()) {
      LOG.warning("ac.dev-issuer.enabled is ignored: a real buyer-token issuer is configured");
      return Optional.of(false);
    }
    String product = database.check().product();
    if (product == null) {
      return Optional.empty();
    }
    if (!product.equalsIgnoreCase("H2")) {
      LOG.warning("ac.dev-issuer.enabled is ignored: it works only on the embedded H2 default");
      return Optional.of(false);
    }
    Optional<Set<InetAddress>> addresses = listening.get();
    if (addresses.isEmpty()) {
      LOG.warning(
          "ac.dev-issuer.enabled is refused: this server cannot tell which addresses it listens"
              + " on (it reads them from /proc on Linux)");
      return Optional.of(false);
    }
    if (addresses.get().isEmpty()) {
      return Optional.empty(); // not listening yet
    }
    if (!ListeningAddresses.onlyLoopback(addresses.get())) {
      LOG.warning(
          "ac.dev-issuer.enabled is refused: this server listens on "
              + addresses.get().stream().map(InetAddress::getHostAddress).sorted().toList()
              + ", beyond loopback, where anyone could mint buyer tokens");
      return Optional.of(false);
    }
    return Optional.of(true);
  }

  /** The public half, for verification. */
  public PublicJsonWebKey publicKey() {
    try {
      PublicJsonWebKey publicKey =
          PublicJsonWebKey.Factory.newPublicJwk(signingKey().getPublicKey());
      publicKey.setKeyId(signingKey().getKeyId());
      return publicKey;
    } catch (JoseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A signed buyer token for {@code subject}, valid for {@code ttl}. */
  public Minted mint(String subject, String email, Duration ttl) {
    Instant now = clock.instant();
    JwtClaims claims = new JwtClaims();
    claims.setIssuer(ISSUER);
    claims.setAudience(AUDIENCE);
    claims.setSubject(subject);
    claims.setJwtId(Ids.randomHex(12));
    claims.setIssuedAt(NumericDate.fromSeconds(now.getEpochSecond()));
    claims.setNotBefore(NumericDate.fromSeconds(now.getEpochSecond()));
    Instant expires = now.plus(ttl);
    claims.setExpirationTime(NumericDate.fromSeconds(expires.getEpochSecond()));
    if (email != null) {
      claims.setClaim("email", email);
    }
    JsonWebSignature jws = new JsonWebSignature();
    jws.setPayload(claims.toJson());
    jws.setKey(signingKey().getPrivateKey());
    jws.setKeyIdHeaderValue(signingKey().getKeyId());
    jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
    try {
      return new Minted(jws.getCompactSerialization(), expires);
    } catch (JoseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A minted token and when it expires. */
  public record Minted(String token, Instant expiresAt) {}

  private RsaJsonWebKey signingKey() {
    RsaJsonWebKey k = key;
    if (k == null) {
      synchronized (this) {
        if (key == null) {
          key = loadOrCreate();
        }
        k = key;
      }
    }
    return k;
  }

  private RsaJsonWebKey loadOrCreate() {
    Path file =
        Path.of(
            config
                .getOptionalValue("ac.dev-issuer.key-file", String.class)
                .orElse("data/dev-issuer-key.json"));
    try {
      if (Files.exists(file)) {
        return (RsaJsonWebKey) JsonWebKey.Factory.newJwk(Files.readString(file));
      }
      RsaJsonWebKey created = RsaJwkGenerator.generateJwk(2048);
      created.setKeyId("dev-" + Ids.randomHex(4));
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(
          file,
          created.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE),
          StandardCharsets.UTF_8);
      try {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException ignored) {
        // not a POSIX file system
      }
      LOG.info("Development buyer-token issuer key generated at " + file.toAbsolutePath());
      return created;
    } catch (IOException | JoseException e) {
      throw new IllegalStateException("Cannot load or create the development issuer key", e);
    }
  }
}
