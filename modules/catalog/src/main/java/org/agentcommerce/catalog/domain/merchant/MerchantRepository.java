package org.agentcommerce.catalog.domain.merchant;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Merchants, read by status and optionally limited to a set of ids (a key's scope). */
public interface MerchantRepository {

  Optional<Merchant> findById(String merchantId);

  /** One page, ordered by business name then id; {@code status} null means any status. */
  List<Merchant> page(String status, Set<String> onlyIds, int offset, int limit);

  long count(String status, Set<String> onlyIds);

  List<Merchant> findAll();

  /** Every payment capability and market of every merchant. */
  List<Capability> capabilities();

  /**
   * One thing a merchant can do: kind is psp, payment_method_type, card_network, issuer, wallet,
   * installment_provider or market.
   */
  record Capability(String merchantId, String kind, String code) {}
}
