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
import java.util.regex.Pattern;

/**
 * Refuses requests whose addressing is ambiguous, before anything else runs: more than one {@code
 * Host} header (RFC 9112 section 3.2), and a path with an encoded slash, backslash or dot ({@code
 * %2F}, {@code %5C}, {@code %2E}): the container decodes them and then resolves dot segments, so
 * {@code /webhooks/psp/..%2F..%2Fagent%2Fv1%2Fhealth} would reach another operation than the one
 * its prefix names (and than a proxy routing by prefix believes). 400 in the error shape, the
 * connection closed, logged at FINE. (Framing conflicts such as {@code Transfer-Encoding} with
 * {@code Content-Length} never reach a servlet: the HTTP layer refuses them.)
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RequestFramingFilter implements Filter {

  private static final Logger LOG = Logger.getLogger(RequestFramingFilter.class.getName());
  private static final Pattern ENCODED_SEPARATOR = Pattern.compile("%(2[fFeE]|5[cC])");

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    String problem = null;
    if (Collections.list(request.getHeaders("Host")).size() > 1) {
      problem = "More than one Host header.";
    } else if (ENCODED_SEPARATOR.matcher(request.getRequestURI()).find()) {
      problem = "An encoded slash, backslash or dot in the path.";
    }
    if (problem == null) {
      chain.doFilter(req, res);
      return;
    }
    String refused = problem;
    LOG.fine(() -> "Refused an ambiguous request: " + refused);
    HttpServletResponse response = (HttpServletResponse) res;
    response.setHeader("Connection", "close");
    ServletErrors.write(response, 400, "BAD_REQUEST", problem, Map.of());
  }
}
