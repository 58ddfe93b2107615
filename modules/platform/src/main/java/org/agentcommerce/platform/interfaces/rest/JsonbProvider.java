package org.agentcommerce.platform.interfaces.rest;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.config.PropertyNamingStrategy;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** JSON-B for every resource: wire names by {@link WireNames}, nulls written out. */
@Provider
public class JsonbProvider implements ContextResolver<Jsonb> {

  private static final Jsonb JSONB =
      JsonbBuilder.create(
          new JsonbConfig()
              .withPropertyNamingStrategy((PropertyNamingStrategy) WireNames::toWire)
              .withNullValues(true));

  @Override
  public Jsonb getContext(Class<?> type) {
    return JSONB;
  }

  /** The same configuration for code that writes JSON outside JAX-RS. */
  public static Jsonb jsonb() {
    return JSONB;
  }
}
