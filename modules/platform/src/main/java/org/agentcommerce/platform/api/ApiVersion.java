package org.agentcommerce.platform.api;

/** Versions the service reports: the wire API version and the build of this server. */
public final class ApiVersion {

  /** The REST API version, as in the OpenAPI document's {@code info.version}. */
  public static final String API = "1.0.0";

  private ApiVersion() {}
}
