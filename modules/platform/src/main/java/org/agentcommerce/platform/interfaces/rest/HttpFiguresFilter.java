package org.agentcommerce.platform.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.platform.application.PlatformFigures;

/**
 * Counts and times every answer on /metrics ({@code http_server_requests}) by method, route
 * template and status class. The route is the matched resource method's template ({@code
 * /agent/v1/orders/{order_id}}), never the path the client sent: a path with an id in it would make
 * one series per order. A request that matched no resource method is {@code unmatched}. Measured
 * from {@link ServerTimingFilter}'s start, as the {@code Server-Timing} header is.
 */
@Provider
public class HttpFiguresFilter implements ContainerResponseFilter {

  private static final Map<Method, String> ROUTES = new ConcurrentHashMap<>();

  @Context ResourceInfo resource;
  @Inject PlatformFigures figures;

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(ServerTimingFilter.STARTED) instanceof Long started)) {
      return;
    }
    Method method = resource == null ? null : resource.getResourceMethod();
    String route =
        method == null
            ? PlatformFigures.UNMATCHED
            : ROUTES.computeIfAbsent(method, m -> route(resource.getResourceClass(), m));
    figures.request(
        request.getMethod(),
        route,
        response.getStatus(),
        Duration.ofNanos(Math.max(0, System.nanoTime() - started)));
  }

  /**
   * The template a method answers: its class's {@code @Path} and its own, joined with single
   * slashes, parameters without their regular expressions ({@code {id: [0-9]+}} is {@code {id}}).
   */
  static String route(Class<?> type, Method method) {
    StringBuilder route = new StringBuilder();
    Path onType = type == null ? null : type.getAnnotation(Path.class);
    Path onMethod = method.getAnnotation(Path.class);
    for (Path p : new Path[] {onType, onMethod}) {
      if (p == null) {
        continue;
      }
      for (String segment :
          p.value().replaceAll("\\{\\s*([^:}\\s]+)\\s*(:[^}]*)?}", "{$1}").split("/")) {
        if (!segment.isEmpty()) {
          route.append('/').append(segment);
        }
      }
    }
    return route.length() == 0 ? "/" : route.toString();
  }
}
