package org.agentcommerce.catalog.interfaces.rest;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.platform.api.ApiException;

/** While the catalog index is being built, catalog reads answer 503 with Retry-After. */
@Provider
public class CatalogErrors implements ExceptionMapper<CatalogIndex.IndexNotReadyException> {

  @Override
  public Response toResponse(CatalogIndex.IndexNotReadyException e) {
    ApiException unavailable =
        new ApiException(
            503,
            "TEMPORARY_UNAVAILABLE",
            "The catalog index is being built; retry shortly.",
            Map.of(),
            Map.of("Retry-After", "2"));
    Response.ResponseBuilder r =
        Response.status(503)
            .type("application/json")
            .entity(
                Map.of(
                    "detail",
                    Map.of("error", unavailable.code(), "message", unavailable.getMessage())));
    unavailable.headers().forEach(r::header);
    return r.build();
  }
}
