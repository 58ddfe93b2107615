package org.agentcommerce.platform.application.buyer;

import org.agentcommerce.platform.infrastructure.persistence.DatabaseProbe;

/** A database probe that reports a fixed product without a connection. */
final class FixedDatabaseProbe extends DatabaseProbe {

  private final String product;
  private int checks;

  FixedDatabaseProbe(String product) {
    this.product = product;
  }

  @Override
  public Result check() {
    checks++;
    return product == null
        ? new Result(false, null, 0, "cannot connect: 08001")
        : new Result(true, product, 0, null);
  }

  int checks() {
    return checks;
  }
}
