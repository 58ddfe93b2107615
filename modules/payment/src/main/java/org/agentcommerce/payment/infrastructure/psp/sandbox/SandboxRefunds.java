package org.agentcommerce.payment.infrastructure.psp.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.agentcommerce.platform.api.Database;

/**
 * The sandbox PSP's refunds, kept per idempotency key as Stripe and Adyen keep them: the first
 * request with a key is performed once (or refused, and the refusal is kept); the same key with the
 * same request answers the stored refund, whenever it comes; the same key with another request is
 * refused ({@link KeyReused}) and changes nothing. The charge's row is locked while a refund is
 * decided, so two refunds of one charge never give back more than it captured. Each call is a
 * transaction of its own (REQUIRES_NEW), as a real PSP's would be.
 */
@ApplicationScoped
public class SandboxRefunds {

  private static final String NOW = "CURRENT_TIMESTAMP(6)";
  private static final String COLUMNS =
      "id, idempotency_key, charge_id, reference, amount_minor, currency, status, failure_reason";

  /** A refund as the sandbox holds it: {@code status} succeeded or failed. */
  public record Refund(
      String id,
      String idempotencyKey,
      String chargeId,
      String reference,
      long amountMinor,
      String currency,
      String status,
      String failureReason) {

    boolean sameRequest(String chargeId, long amountMinor, String currency) {
      return this.chargeId.equals(chargeId)
          && this.amountMinor == amountMinor
          && this.currency.equals(currency);
    }
  }

  /** The idempotency key was used before with another request (charge, amount or currency). */
  public static final class KeyReused extends Exception {
    private static final long serialVersionUID = 1L;

    KeyReused(String key) {
      super("the idempotency key " + key + " was used with another refund request");
    }
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Refund refund(
      String id,
      String idempotencyKey,
      String chargeId,
      String reference,
      long amountMinor,
      String currency)
      throws KeyReused {
    try (Connection c = Database.lookupDataSource().getConnection()) {
      return refund(c, id, idempotencyKey, chargeId, reference, amountMinor, currency);
    } catch (SQLException e) {
      throw new IllegalStateException("The sandbox PSP could not record a refund", e);
    }
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Refund> byKey(String idempotencyKey) {
    return read("idempotency_key", idempotencyKey);
  }

  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<Refund> byId(String id) {
    return read("id", id);
  }

  private Optional<Refund> read(String column, String value) {
    try (Connection c = Database.lookupDataSource().getConnection()) {
      return first(c, column, value);
    } catch (SQLException e) {
      throw new IllegalStateException("The sandbox PSP could not read a refund", e);
    }
  }

  /**
   * Decides and records one refund request in the connection's transaction: the charge's row is
   * locked first, so requests under one key, and refunds of one charge, are decided one at a time.
   */
  static Refund refund(
      Connection c,
      String id,
      String idempotencyKey,
      String chargeId,
      String reference,
      long amountMinor,
      String currency)
      throws SQLException, KeyReused {
    String status = null;
    long captured = 0;
    long refunded = 0;
    String chargeCurrency = null;
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT status, amount_minor, refunded_minor, currency FROM sandbox_psp_charges WHERE"
                + " id = ? FOR UPDATE")) {
      ps.setString(1, chargeId);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          status = rs.getString(1);
          captured = rs.getLong(2);
          refunded = rs.getLong(3);
          chargeCurrency = rs.getString(4).trim();
        }
      }
    }
    Optional<Refund> earlier = first(c, "idempotency_key", idempotencyKey);
    if (earlier.isPresent()) {
      if (!earlier.get().sameRequest(chargeId, amountMinor, currency)) {
        throw new KeyReused(idempotencyKey);
      }
      return earlier.get();
    }
    String failure;
    if (status == null) {
      failure = "no such charge";
    } else if (!"succeeded".equals(status)) {
      failure = "the charge did not succeed";
    } else if (!chargeCurrency.equals(currency)) {
      failure = "the charge is in " + chargeCurrency;
    } else if (amountMinor <= 0 || refunded + amountMinor > captured) {
      failure = "nothing left to refund";
    } else {
      failure = null;
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO sandbox_psp_refunds ("
                + COLUMNS
                + ", created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                + NOW
                + ")")) {
      ps.setString(1, id);
      ps.setString(2, idempotencyKey);
      ps.setString(3, chargeId);
      ps.setString(4, reference);
      ps.setLong(5, amountMinor);
      ps.setString(6, currency);
      ps.setString(7, failure == null ? "succeeded" : "failed");
      ps.setString(8, failure);
      ps.executeUpdate();
    }
    if (failure == null) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "UPDATE sandbox_psp_charges SET refunded_minor = refunded_minor + ?, updated_at = "
                  + NOW
                  + " WHERE id = ?")) {
        ps.setLong(1, amountMinor);
        ps.setString(2, chargeId);
        ps.executeUpdate();
      }
    }
    return first(c, "id", id).orElseThrow();
  }

  static Optional<Refund> first(Connection c, String column, String value) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT " + COLUMNS + " FROM sandbox_psp_refunds WHERE " + column + " = ?")) {
      ps.setString(1, value);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(
            new Refund(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getLong(5),
                rs.getString(6).trim(),
                rs.getString(7),
                rs.getString(8)));
      }
    }
  }
}
