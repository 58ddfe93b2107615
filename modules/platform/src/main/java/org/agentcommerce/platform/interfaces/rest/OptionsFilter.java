package org.agentcommerce.platform.interfaces.rest;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code OPTIONS} answers {@code Allow} and, in our JSON shape, {@code {"allow": [methods]}} —
 * never the runtime's generated WADL (which names its classes; it is switched off in the
 * application's properties).
 */
@Provider
public class OptionsFilter implements ContainerResponseFilter {

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!HttpMethod.OPTIONS.equals(request.getMethod()) || response.getStatus() >= 300) {
      return;
    }
    String allow = response.getHeaderString("Allow");
    List<String> methods =
        allow == null
            ? List.of()
            : Arrays.stream(allow.split(","))
                .map(String::trim)
                .filter(m -> !m.isEmpty())
                .sorted()
                .toList();
    response.setStatus(200);
    response.setEntity(Map.of("allow", methods), null, MediaType.APPLICATION_JSON_TYPE);
  }
}
