package org.agentcommerce.checkout.application;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Logger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.agentcommerce.platform.api.SchemaReady;
import org.agentcommerce.platform.api.SharedKeys;
import org.eclipse.microprofile.config.Config;

/**
 * Checkout tokens: {@code ct_<intent>.<expiry epoch s>.<nonce>.<HMAC-SHA256>}, signed with {@code
 * ac.checkout.token-secret}. The signature and expiry are checked before any lookup; the intent row
 * (found by the token's SHA-256, never by the token) says whether it is still open. Without a
 * configured secret the key is the deployment's shared key {@value #SHARED_KEY} ({@link
 * SharedKeys}): made once by the first node, read from the database by every node at start, so a
 * token made on one node holds on every other. Knowing that key opens nothing by itself: a token is
 * accepted only when its SHA-256 matches an open intent, and the database keeps no token.
 */
@ApplicationScoped
public class CheckoutTokens {

  private static final Logger LOG = Logger.getLogger(CheckoutTokens.class.getName());
  private static final String PREFIX = "ct_";
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The name of the shared key in the database. */
  static final String SHARED_KEY = "checkout-token";

  /** The fingerprint of the configured secret, when nodes of this deployment use one. */
  static final String CONFIGURED = "checkout-token.configured";

  @Inject Config config;
  @Inject SharedKeys sharedKeys;

  /** {@code ac.checkout.token-secret}, or null. */
  private byte[] configured;

  /** The deployment's shared key, read at start. */
  private volatile byte[] shared;

  private volatile String problem;

  @PostConstruct
  void init() {
    Optional<String> secret =
        config.getOptionalValue("ac.checkout.token-secret", String.class).filter(s -> !s.isBlank());
    if (secret.isPresent()) {
      if (secret.get().length() < 32) {
        throw new IllegalStateException("ac.checkout.token-secret must be at least 32 characters");
      }
      configured = secret.get().getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * At start, outside any transaction: reads (or makes) the shared key, and checks that this node
   * signs as the others do. A node with the secret records its fingerprint (a MAC of a constant,
   * which tells nothing of the secret); a node without it that finds one is not ready, since the
   * tokens the others make would not hold here.
   */
  void atStart(@Observes SchemaReady ready) {
    sharedKey();
    Optional<String> recorded = sharedKeys.note(CONFIGURED);
    if (configured != null) {
      String mine = HexFormat.of().formatHex(hmac(configured, "fingerprint"), 0, 16);
      if (recorded.isPresent() && !recorded.get().equals(mine)) {
        LOG.warning(
            "Another node signed checkout tokens with a different ac.checkout.token-secret: its"
                + " tokens do not hold on this node (expected while the secret is being changed"
                + " on every node)");
      }
      sharedKeys.note(CONFIGURED, mine);
      LOG.info("Checkout tokens are signed with ac.checkout.token-secret");
    } else if (recorded.isPresent()) {
      problem =
          "other nodes of this deployment sign checkout tokens with ac.checkout.token-secret"
              + " (AC_CHECKOUT_TOKEN_SECRET): set the same value on this node (or, when no node"
              + " uses it any more, delete the row '"
              + CONFIGURED
              + "' of the table shared_keys)";
      LOG.severe("This node does not become ready: " + problem);
    } else {
      LOG.info(
          "ac.checkout.token-secret is not set: checkout tokens are signed with the deployment's"
              + " shared key (database table shared_keys)");
    }
  }

  /** Why this node must not serve checkouts, or null. */
  public String problem() {
    return problem;
  }

  private byte[] sharedKey() {
    byte[] k = shared;
    if (k == null) {
      synchronized (this) {
        if (shared == null) {
          shared = sharedKeys.key(SHARED_KEY, 32);
        }
        k = shared;
      }
    }
    return k;
  }

  /** The key this node signs with. */
  private byte[] signingKey() {
    return configured != null ? configured : sharedKey();
  }

  /** A new token for the intent, valid until {@code expiresAt}. */
  public String issue(String intentId, Instant expiresAt) {
    byte[] nonce = new byte[18];
    RANDOM.nextBytes(nonce);
    String body = intentId + "." + expiresAt.getEpochSecond() + "." + B64.encodeToString(nonce);
    return PREFIX + body + "." + B64.encodeToString(mac(signingKey(), body));
  }

  /** What a token says, if its signature holds: the intent and until when. */
  public record Claims(String intentId, Instant expiresAt) {}

  /** The token's claims when it is well-formed and its signature holds (expiry not checked). */
  public Optional<Claims> verify(String token) {
    if (token == null || !token.startsWith(PREFIX) || token.length() > 300) {
      return Optional.empty();
    }
    String rest = token.substring(PREFIX.length());
    int lastDot = rest.lastIndexOf('.');
    if (lastDot < 0) {
      return Optional.empty();
    }
    String body = rest.substring(0, lastDot);
    byte[] sent;
    try {
      sent = Base64.getUrlDecoder().decode(rest.substring(lastDot + 1));
    } catch (IllegalArgumentException bad) {
      return Optional.empty();
    }
    // A node with the secret also accepts the shared key's tokens (made by nodes without it, as
    // while the secret is being introduced): either way a token opens only the intent whose
    // SHA-256 it matches.
    if (!MessageDigest.isEqual(sent, mac(signingKey(), body))
        && (configured == null || !MessageDigest.isEqual(sent, mac(sharedKey(), body)))) {
      return Optional.empty();
    }
    String[] parts = body.split("\\.");
    if (parts.length != 3) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Claims(parts[0], Instant.ofEpochSecond(Long.parseLong(parts[1]))));
    } catch (NumberFormatException bad) {
      return Optional.empty();
    }
  }

  /** The form a token is kept in: its SHA-256, hex. */
  public static String hash(String token) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The hosted page's short-lived UI credential for a token: {@code <expiry epoch s>.<HMAC of the
   * token's hash and the expiry>}, keyed with {@code uiKey}.
   */
  public static String uiAuth(String uiKey, String tokenHash, Instant expiresAt) {
    long exp = expiresAt.getEpochSecond();
    return exp
        + "."
        + HexFormat.of()
            .formatHex(hmac(uiKey.getBytes(StandardCharsets.UTF_8), tokenHash + "." + exp));
  }

  /** Whether a UI credential holds for this token hash at {@code now}. */
  public static boolean uiAuthValid(String uiKey, String tokenHash, String sent, Instant now) {
    if (sent == null || sent.length() > 200) {
      return false;
    }
    int dot = sent.indexOf('.');
    if (dot < 1) {
      return false;
    }
    long exp;
    try {
      exp = Long.parseLong(sent.substring(0, dot));
    } catch (NumberFormatException bad) {
      return false;
    }
    if (now.getEpochSecond() >= exp) {
      return false;
    }
    byte[] expected =
        uiAuth(uiKey, tokenHash, Instant.ofEpochSecond(exp)).getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(expected, sent.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] mac(byte[] key, String body) {
    return hmac(key, "checkout-token." + body);
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac m = Mac.getInstance("HmacSHA256");
      m.init(new SecretKeySpec(key, "HmacSHA256"));
      return m.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
