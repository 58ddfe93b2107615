package org.agentcommerce.platform.api;

import jakarta.json.bind.Jsonb;
import org.agentcommerce.platform.interfaces.rest.JsonbProvider;

/**
 * JSON-B configured as the REST surface writes it (snake_case wire names, nulls written): for code
 * that stores an answer exactly as a client received it.
 */
public final class WireJson {

  private WireJson() {}

  public static Jsonb jsonb() {
    return JsonbProvider.jsonb();
  }
}
