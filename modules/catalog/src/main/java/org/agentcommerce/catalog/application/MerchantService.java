package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import org.agentcommerce.catalog.domain.merchant.Merchant;
import org.agentcommerce.catalog.domain.merchant.MerchantRepository;
import org.agentcommerce.platform.api.security.Caller;

/** Lists the merchants the calling key may see. */
@ApplicationScoped
public class MerchantService {

  public static final String ANY_STATUS = "all";

  @Inject MerchantRepository merchants;
  @Inject Caller caller;

  /** One page of merchants, and how many there are in all. */
  public record Page(List<Merchant> merchants, long total) {}

  @Transactional
  public Page list(String status, int offset, int limit) {
    String filter = ANY_STATUS.equals(status) ? null : status;
    var scope = caller.merchantScope();
    return new Page(merchants.page(filter, scope, offset, limit), merchants.count(filter, scope));
  }
}
