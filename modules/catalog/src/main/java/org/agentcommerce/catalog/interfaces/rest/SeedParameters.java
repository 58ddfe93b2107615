package org.agentcommerce.catalog.interfaces.rest;

import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.QueryParam;
import org.agentcommerce.catalog.application.CatalogSourcing;

/**
 * How a request may read merchants whose catalog lives on their platform (see docs/catalog.md):
 * {@code allow_external_seed}, {@code allow_stale_cache}, {@code external_seed_strategy}, {@code
 * fast_mode}.
 */
public class SeedParameters {

  static final String STRATEGIES = "legacy|cache_first|realtime_first|cache_only";
  static final String STRATEGY_MESSAGE =
      "Input should be 'legacy', 'cache_first', 'realtime_first' or 'cache_only'";

  @QueryParam("allow_external_seed")
  @DefaultValue("true")
  public boolean allowExternalSeed;

  @QueryParam("allow_stale_cache")
  @DefaultValue("true")
  public boolean allowStaleCache;

  @QueryParam("external_seed_strategy")
  @DefaultValue("legacy")
  @Pattern(regexp = STRATEGIES, message = STRATEGY_MESSAGE)
  public String externalSeedStrategy;

  @QueryParam("fast_mode")
  @DefaultValue("false")
  public boolean fastMode;

  CatalogSourcing.SeedPolicy policy() {
    return new CatalogSourcing.SeedPolicy(
        allowExternalSeed, allowStaleCache, externalSeedStrategy, fastMode);
  }
}
