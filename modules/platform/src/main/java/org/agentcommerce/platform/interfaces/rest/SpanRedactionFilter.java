package org.agentcommerce.platform.interfaces.rest;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.regex.Pattern;
import org.agentcommerce.platform.api.tracing.Tracing;

/**
 * The runtime's span of a request records its full URL ({@code http.url}, {@code http.target}),
 * query included. No operation takes a secret in its query, but a client may send one anyway
 * ({@code ?api_key=...}): the values of such parameters are replaced by {@code REDACTED} on the
 * span before it is exported, and so is any value that looks like a key, a token or a JWT ({@code
 * sk_…}, {@code eyJ…}), and any parameter whose name is percent-encoded. Runs first of the matched
 * filters, while that span is current, and remembers it for the exception mappers ({@code
 * error.id}).
 */
@Provider
@Priority(2)
public class SpanRedactionFilter implements ContainerRequestFilter {

  private static final Pattern SENSITIVE =
      Pattern.compile(
          "(?i)(^|[&;])([^=&;]*(key|token|secret|password|passwd|pass|pwd|bearer|jwt|auth|signature"
              + "|sig|code|credential|session|card|pan|cvc|%)[^=&;]*)=[^&;]*");

  /** A parameter, named or not, whose value looks like a key, a token or a JWT. */
  private static final Pattern SECRET_VALUE =
      Pattern.compile(
          "(?i)(^|[&;=])(eyJ[A-Za-z0-9_.%-]+|(sk|ak|pk|rk|whsec|tok|pm|mtk|vt)_[A-Za-z0-9_%-]{6,})");

  @Override
  public void filter(ContainerRequestContext request) {
    Tracing.rememberRequestSpan(); // for the exception mappers' error.id
    if (Tracing.traceId() == null) {
      return;
    }
    URI uri = request.getUriInfo().getRequestUri();
    String query = uri.getRawQuery();
    if (query == null) {
      return;
    }
    String redacted = redact(query);
    if (redacted.equals(query)) {
      return;
    }
    String base = uri.toString();
    base = base.substring(0, base.indexOf('?'));
    Tracing.annotate("http.url", base + "?" + redacted);
    Tracing.annotate("http.target", uri.getRawPath() + "?" + redacted);
  }

  static String redact(String query) {
    String named = SENSITIVE.matcher(query).replaceAll("$1$2=REDACTED");
    return SECRET_VALUE.matcher(named).replaceAll("$1REDACTED");
  }
}
