package org.agentcommerce.platform.domain.buyer;

import java.util.List;
import java.util.Optional;

/** Buyer reference aliases of one agent. */
public interface BuyerAliasRepository {

  Optional<BuyerAlias> find(String agentId, String sourceRef);

  List<BuyerAlias> findByTarget(String agentId, String targetRef);

  void add(BuyerAlias alias);
}
