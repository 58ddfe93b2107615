package org.agentcommerce.platform.interfaces.rest;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.logging.Logger;

/**
 * The error page of the servlet container (web.xml maps every error to it): answers the container's
 * own refusals — a protected path such as {@code /WEB-INF/web.xml}, a request the container could
 * not hand to the application — in our error shape instead of an HTML page, with no stack trace.
 */
@WebServlet(urlPatterns = ContainerErrorServlet.PATH)
public class ContainerErrorServlet extends HttpServlet {

  static final String PATH = "/__container-error";
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(ContainerErrorServlet.class.getName());

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Object code = request.getAttribute("jakarta.servlet.error.status_code");
    int status = code instanceof Integer i && i >= 400 ? i : 404;
    Object failure = request.getAttribute("jakarta.servlet.error.exception");
    if (failure != null) {
      status = 500;
      LOG.warning(() -> "Unhandled container error: " + failure.getClass().getName());
    }
    ServletErrors.write(response, status, code(status), message(status), java.util.Map.of());
  }

  /**
   * The body this page answers for {@code status}; also what the HTTP layer's own refusals carry
   * (see {@code org.agentcommerce.platform.infrastructure.http.GrizzlyEdge}).
   */
  public static byte[] body(int status) {
    return ServletErrors.json(code(status), message(status), java.util.Map.of());
  }

  private static String code(int status) {
    return switch (status) {
      case 400 -> "BAD_REQUEST";
      case 401 -> "AUTHENTICATION_REQUIRED";
      case 403 -> "FORBIDDEN";
      case 404 -> "NOT_FOUND";
      case 405 -> "METHOD_NOT_ALLOWED";
      case 413 -> "PAYLOAD_TOO_LARGE";
      case 414 -> "URI_TOO_LONG";
      case 415 -> "UNSUPPORTED_MEDIA_TYPE";
      case 503 -> "SERVICE_UNAVAILABLE";
      case 505 -> "HTTP_VERSION_NOT_SUPPORTED";
      default -> status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
    };
  }

  private static String message(int status) {
    return status == 404
        ? "No resource at this path."
        : status >= 500 && status != 505
            ? "The server could not answer this request."
            : "The server refused this request (HTTP " + status + ").";
  }
}
