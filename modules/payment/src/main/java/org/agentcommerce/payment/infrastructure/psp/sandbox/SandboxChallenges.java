package org.agentcommerce.payment.infrastructure.psp.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.agentcommerce.platform.api.Database;

/**
 * The sandbox PSP's 3-D Secure challenges, bound to the page the payer is sent to, as a real PSP's
 * are (Stripe's challenge runs on the PaymentIntent's client secret, which only the payer's page is
 * given). When a charge asks for a challenge the sandbox makes a secret for it and hands it out
 * once: in the fragment of the challenge link it answers that charge with ({@code
 * /sandbox/psp/challenge/{id}#secret=scs_…}). It keeps only the secret's SHA-256, and its challenge
 * page takes an answer only with the secret. The link names its secret, so the payment never stores
 * the link and a replay never shows it again (an action address that carries a secret is shown
 * once; see PaymentSteps.storable and PaymentResource.PaymentResponse).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
public class SandboxChallenges {

  /** The challenge page's address, before the charge id. */
  public static final String PAGE = "/sandbox/psp/challenge/";

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int MAX_SECRET = 100;

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  /** Makes the secret of the charge's challenge: the link to hand out, once, with the secret. */
  public String link(String chargeId) {
    byte[] raw = new byte[24];
    RANDOM.nextBytes(raw);
    String secret = "scs_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    em.createNativeQuery(
            "INSERT INTO sandbox_psp_challenges (charge_id, secret_hash, created_at) VALUES (?, ?,"
                + " CURRENT_TIMESTAMP(6))")
        .setParameter(1, chargeId)
        .setParameter(2, hash(secret))
        .executeUpdate();
    return PAGE + chargeId + "#secret=" + secret;
  }

  /** Whether {@code secret} is the one the charge's challenge link carried. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public boolean answeredWith(String chargeId, String secret) {
    if (secret == null || secret.isEmpty() || secret.length() > MAX_SECRET) {
      return false;
    }
    @SuppressWarnings("unchecked")
    List<String> rows =
        em.createNativeQuery("SELECT secret_hash FROM sandbox_psp_challenges WHERE charge_id = ?")
            .setParameter(1, chargeId)
            .getResultList();
    return !rows.isEmpty()
        && MessageDigest.isEqual(
            rows.get(0).trim().getBytes(StandardCharsets.US_ASCII),
            hash(secret).getBytes(StandardCharsets.US_ASCII));
  }

  private static String hash(String secret) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
