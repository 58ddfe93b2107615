package org.agentcommerce.platform.api;

import jakarta.json.spi.JsonProvider;

/**
 * The one JSON-P provider every module builds and parses JSON with. {@code jakarta.json.Json}'s
 * static methods look the provider up on every call, which in Payara costs a service-loader scan
 * (measured: 0.25 ms per rendered product); this instance is looked up once.
 */
public final class Jsonp {

  public static final JsonProvider PROVIDER = JsonProvider.provider();

  private Jsonp() {}
}
