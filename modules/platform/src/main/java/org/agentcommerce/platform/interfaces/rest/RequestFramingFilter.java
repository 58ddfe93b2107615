package org.agentcommerce.platform.interfaces.rest;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.logging.Logger;

/**
 * Refuses requests whose addressing is ambiguous, before anything else runs: no {@code Host} header
 * on HTTP/1.1 or more than one (RFC 9112 section 3.2), and a path with an encoded slash, backslash
 * or dot ({@code %2F}, {@code %5C}, {@code %2E}): the container decodes them and then resolves dot
 * segments, so {@code /webhooks/psp/..%2F..%2Fagent%2Fv1%2Fhealth} would reach another operation
 * than the one its prefix names (and than a proxy routing by prefix believes). 400 in the error
 * shape, the connection closed, logged at FINE. (Framing conflicts such as {@code
 * Transfer-Encoding} with {@code Content-Length} never reach a servlet: the HTTP layer refuses
 * them.) On Payara the HTTP edge filter refuses an encoded separator first, with the same answer,
 * before the container resolves the path ({@code
 * org.agentcommerce.platform.infrastructure.http.EdgeFilters}): a path such as {@code
 * /x/..%2Fhealth} would otherwise leave the application and never reach this filter.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RequestFramingFilter implements Filter {

  private static final Logger LOG = Logger.getLogger(RequestFramingFilter.class.getName());
  private static final String ENCODED_SEPARATOR = "An encoded slash, backslash or dot in the path.";

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    String problem = null;
    int hosts = Collections.list(request.getHeaders("Host")).size();
    if (hosts > 1) {
      problem = "More than one Host header.";
    } else if (hosts == 0 && !"HTTP/1.0".equals(request.getProtocol())) {
      // RFC 9112 section 3.2: an HTTP/1.1 request without Host is answered 400.
      problem = "A request without a Host header.";
    } else if (hasEncodedSeparator(request.getRequestURI())) {
      problem = ENCODED_SEPARATOR;
    }
    if (problem == null) {
      try {
        chain.doFilter(req, res);
      } finally {
        // A suspended request (an event long-poll) finishes on another thread: the log context
        // it began on this pool thread must not stamp the next caller's lines.
        org.agentcommerce.platform.api.tracing.LogContext.clear();
      }
      return;
    }
    String refused = problem;
    LOG.fine(() -> "Refused an ambiguous request: " + refused);
    HttpServletResponse response = (HttpServletResponse) res;
    response.setHeader("Connection", "close");
    ServletErrors.write(response, 400, "BAD_REQUEST", problem, Map.of());
  }

  /**
   * Whether a raw (undecoded) request path holds {@code %2F}, {@code %5C} or {@code %2E}, in any
   * case.
   */
  public static boolean hasEncodedSeparator(String rawPath) {
    for (int i = rawPath.indexOf('%'); i >= 0 && i + 2 < rawPath.length(); ) {
      char high = rawPath.charAt(i + 1);
      char low = rawPath.charAt(i + 2);
      if ((high == '2' && (low == 'f' || low == 'F' || low == 'e' || low == 'E'))
          || (high == '5' && (low == 'c' || low == 'C'))) {
        return true;
      }
      i = rawPath.indexOf('%', i + 1);
    }
    return false;
  }

  /** The body this filter answers an encoded separator with (400). */
  public static byte[] encodedSeparatorBody() {
    return ServletErrors.json("BAD_REQUEST", ENCODED_SEPARATOR, Map.of());
  }
}
