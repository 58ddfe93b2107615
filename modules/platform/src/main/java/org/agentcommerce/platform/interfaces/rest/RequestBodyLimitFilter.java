package org.agentcommerce.platform.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses request bodies larger than {@code ac.http.max-body-size} (1 MiB) with 413 {@code
 * PAYLOAD_TOO_LARGE} in the error shape, before anything parses them: when {@code Content-Length}
 * says so (the body, up to 16 MiB, is read and dropped so that the client gets the answer), and
 * after reading at most one byte too many when the body is chunked (a body within the limit is then
 * handed on from memory, so nothing downstream reads the network again).
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RequestBodyLimitFilter implements Filter {

  private static final Logger LOG = Logger.getLogger(RequestBodyLimitFilter.class.getName());
  private static final long DRAIN_LIMIT = 16L * 1024 * 1024;

  @Inject
  @ConfigProperty(name = "ac.http.max-body-size", defaultValue = "1048576")
  long maxBodySize;

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    long declared = request.getContentLengthLong();
    if (declared > maxBodySize) {
      if (declared <= DRAIN_LIMIT) {
        // Read and drop it, so the answer reaches clients that send the whole body first (and
        // HTTP/2 streams end cleanly); anything larger is refused without reading.
        request.getInputStream().skip(declared);
      }
      refuse(request, (HttpServletResponse) res, declared);
      return;
    }
    if (declared < 0 && request.getHeader("Transfer-Encoding") != null) {
      byte[] body = readAtMost(request.getInputStream(), maxBodySize + 1);
      if (body.length > maxBodySize) {
        refuse(request, (HttpServletResponse) res, -1);
        return;
      }
      chain.doFilter(new BufferedBody(request, body), res);
      return;
    }
    chain.doFilter(req, res);
  }

  private void refuse(HttpServletRequest request, HttpServletResponse response, long declared)
      throws IOException {
    LOG.fine(() -> "Refused a body over " + maxBodySize + " bytes: " + request.getRequestURI());
    Map<String, Object> context = new LinkedHashMap<>();
    context.put("max_body_bytes", maxBodySize);
    if (declared >= 0) {
      context.put("content_length", declared);
    }
    ServletErrors.write(
        response,
        413,
        "PAYLOAD_TOO_LARGE",
        "The request body is larger than the " + maxBodySize + " bytes this server accepts.",
        context);
  }

  private static byte[] readAtMost(InputStream in, long limit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    long total = 0;
    int n;
    while (total < limit
        && (n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - total))) > 0) {
      out.write(buffer, 0, n);
      total += n;
    }
    return out.toByteArray();
  }

  /** A request whose body was already read into memory. */
  private static final class BufferedBody extends HttpServletRequestWrapper {
    private final byte[] body;

    BufferedBody(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("The body was read already");
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(
          new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }
}
