package org.agentcommerce.platform.infrastructure.http;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * Two filters for Grizzly's HTTP filter chain, built as dynamic proxies of {@code
 * org.glassfish.grizzly.filterchain.Filter} so that nothing here links against Grizzly (the classes
 * come from the server's class loader, found at run time; see {@link GrizzlyEdge}):
 *
 * <ul>
 *   <li>The <em>answer filter</em>, placed just below the HTTP codec: when the container writes an
 *       error answer with no body ({@code Content-Length: 0}, status 400 or above, not to a {@code
 *       HEAD}), it replaces those bytes with the same head carrying our JSON error body. That
 *       covers the codec's refusals (a NUL or non-ASCII byte in a header, a header over the limit,
 *       {@code Content-Length} with {@code Transfer-Encoding}) and the web container's ({@code 400
 *       Invalid URI} for a NUL or an invalid UTF-8 sequence in the path). Every other write passes
 *       after four field reads. On reads it checks the first request line of each new connection
 *       (marked when the connection is accepted): a line end before any space or tab ({@code
 *       garbage} and a blank line), or more than {@value #FIRST_LINE_LIMIT} bytes without a line
 *       end, is answered {@code 400} in our shape and the connection closed; the codec would wait
 *       for the rest of a request line until the idle timeout. Once the first line has ended the
 *       connection's mark is removed, so later reads cost one attribute lookup; later requests on a
 *       keep-alive connection are not checked.
 *   <li>The <em>request filter</em>, placed just above the codec (before the container's handler):
 *       a {@code Host} whose port is not a number is answered {@code 400} in our shape and the
 *       connection closed; the container would fail to parse it and answer an empty {@code 200}. A
 *       raw path with an encoded slash, backslash or dot ({@code %2F}, {@code %5C}, {@code %2E}) is
 *       answered as the application's own filter answers it ({@code RequestFramingFilter}), before
 *       the container decodes it and resolves dot segments (which can leave the application: {@code
 *       /x/..%2Fhealth} is the runtime's {@code /health}).
 * </ul>
 *
 * Any failure inside a filter lets the message pass as the container would have handled it.
 */
final class EdgeFilters {

  private static final Logger LOG = Logger.getLogger(EdgeFilters.class.getName());
  private static final Charset LATIN_1 = StandardCharsets.ISO_8859_1;

  /** The most bytes a first request line may take before its line end (the codec's head limit). */
  static final int FIRST_LINE_LIMIT = 8192;

  private final Class<?> filterType;
  private final Class<?> bufferType;
  private final Class<?> httpContentType;
  private final Class<?> requestType;
  private final Object headMethod;
  private final IntFunction<byte[]> body;
  private final Predicate<String> ambiguousPath;
  private final byte[] ambiguousPathBody;
  private final Object firstLine; // Attribute<FirstLine> of a connection: its first line to check

  // FilterChainContext
  private final MethodHandle invokeAction;
  private final MethodHandle stopAction;
  private final MethodHandle getMessage;
  private final MethodHandle setMessage;
  private final MethodHandle memoryManager;
  private final MethodHandle write;
  private final MethodHandle connectionOf;
  // Connection (Closeable), Attribute
  private final MethodHandle closeConnection;
  private final MethodHandle attributeGet;
  private final MethodHandle attributeSet;
  private final MethodHandle attributeRemove;
  // HttpContext, HttpContent, HttpRequestPacket, HttpResponsePacket
  private final MethodHandle httpContextOf;
  private final MethodHandle contextRequest;
  private final MethodHandle contextClose;
  private final MethodHandle httpHeaderOf;
  private final MethodHandle header;
  private final MethodHandle requestResponse;
  private final MethodHandle requestMethod;
  private final MethodHandle requestUri;
  private final MethodHandle responseStatus;
  private final MethodHandle contentLength;
  // Buffer, Buffers
  private final MethodHandle bufferText;
  private final MethodHandle bufferRange;
  private final MethodHandle bufferPosition;
  private final MethodHandle bufferLimit;
  private final MethodHandle wrap;

  /**
   * @param body the error body for a status
   * @param ambiguousPath whether a raw request path is refused before the container resolves it
   * @param ambiguousPathBody the 400 body for such a path
   */
  EdgeFilters(
      ClassLoader server,
      IntFunction<byte[]> body,
      Predicate<String> ambiguousPath,
      byte[] ambiguousPathBody)
      throws ReflectiveOperationException {
    this.body = body;
    this.ambiguousPath = ambiguousPath;
    this.ambiguousPathBody = ambiguousPathBody.clone();
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    filterType = type(server, "org.glassfish.grizzly.filterchain.Filter");
    Class<?> ctx = type(server, "org.glassfish.grizzly.filterchain.FilterChainContext");
    Class<?> nextAction = type(server, "org.glassfish.grizzly.filterchain.NextAction");
    Class<?> memory = type(server, "org.glassfish.grizzly.memory.MemoryManager");
    bufferType = type(server, "org.glassfish.grizzly.Buffer");
    Class<?> httpContext = type(server, "org.glassfish.grizzly.http.HttpContext");
    httpContentType = type(server, "org.glassfish.grizzly.http.HttpContent");
    Class<?> httpHeader = type(server, "org.glassfish.grizzly.http.HttpHeader");
    requestType = type(server, "org.glassfish.grizzly.http.HttpRequestPacket");
    Class<?> responseType = type(server, "org.glassfish.grizzly.http.HttpResponsePacket");
    Class<?> method = type(server, "org.glassfish.grizzly.http.Method");
    Class<?> connection = type(server, "org.glassfish.grizzly.Connection");
    Class<?> closeable = type(server, "org.glassfish.grizzly.Closeable");
    Class<?> storage = type(server, "org.glassfish.grizzly.attributes.AttributeStorage");
    Class<?> attribute = type(server, "org.glassfish.grizzly.attributes.Attribute");
    Class<?> attributes = type(server, "org.glassfish.grizzly.attributes.AttributeBuilder");
    headMethod = method.getField("HEAD").get(null);

    invokeAction =
        object(lookup.findVirtual(ctx, "getInvokeAction", MethodType.methodType(nextAction)));
    stopAction =
        object(lookup.findVirtual(ctx, "getStopAction", MethodType.methodType(nextAction)));
    getMessage = object(lookup.findVirtual(ctx, "getMessage", MethodType.methodType(Object.class)));
    setMessage =
        object(
            lookup.findVirtual(ctx, "setMessage", MethodType.methodType(void.class, Object.class)));
    memoryManager =
        object(lookup.findVirtual(ctx, "getMemoryManager", MethodType.methodType(memory)));
    write =
        object(lookup.findVirtual(ctx, "write", MethodType.methodType(void.class, Object.class)));
    connectionOf =
        object(lookup.findVirtual(ctx, "getConnection", MethodType.methodType(connection)));
    closeConnection =
        object(lookup.findVirtual(closeable, "closeSilently", MethodType.methodType(void.class)));
    attributeGet =
        object(lookup.findVirtual(attribute, "get", MethodType.methodType(Object.class, storage)));
    attributeSet =
        object(
            lookup.findVirtual(
                attribute, "set", MethodType.methodType(void.class, storage, Object.class)));
    attributeRemove =
        object(
            lookup.findVirtual(attribute, "remove", MethodType.methodType(Object.class, storage)));
    Object builder =
        type(server, "org.glassfish.grizzly.Grizzly")
            .getField("DEFAULT_ATTRIBUTE_BUILDER")
            .get(null);
    firstLine =
        attributes
            .getMethod("createAttribute", String.class)
            .invoke(builder, "agent-commerce.edge.first-line");
    httpContextOf =
        object(lookup.findStatic(httpContext, "get", MethodType.methodType(httpContext, ctx)));
    contextRequest =
        object(lookup.findVirtual(httpContext, "getRequest", MethodType.methodType(requestType)));
    contextClose =
        object(lookup.findVirtual(httpContext, "close", MethodType.methodType(void.class)));
    httpHeaderOf =
        object(
            lookup.findVirtual(
                httpContentType, "getHttpHeader", MethodType.methodType(httpHeader)));
    header =
        object(
            lookup.findVirtual(
                httpHeader, "getHeader", MethodType.methodType(String.class, String.class)));
    requestResponse =
        object(lookup.findVirtual(requestType, "getResponse", MethodType.methodType(responseType)));
    requestMethod =
        object(lookup.findVirtual(requestType, "getMethod", MethodType.methodType(method)));
    requestUri =
        object(
            lookup.findVirtual(requestType, "getRequestURI", MethodType.methodType(String.class)));
    responseStatus =
        lookup
            .findVirtual(responseType, "getStatus", MethodType.methodType(int.class))
            .asType(MethodType.methodType(int.class, Object.class));
    contentLength =
        lookup
            .findVirtual(httpHeader, "getContentLength", MethodType.methodType(long.class))
            .asType(MethodType.methodType(long.class, Object.class));
    bufferText =
        object(
            lookup.findVirtual(
                bufferType, "toStringContent", MethodType.methodType(String.class, Charset.class)));
    bufferRange =
        lookup
            .findVirtual(
                bufferType,
                "toStringContent",
                MethodType.methodType(String.class, Charset.class, int.class, int.class))
            .asType(
                MethodType.methodType(
                    String.class, Object.class, Charset.class, int.class, int.class));
    bufferPosition =
        lookup
            .findVirtual(bufferType, "position", MethodType.methodType(int.class))
            .asType(MethodType.methodType(int.class, Object.class));
    bufferLimit =
        lookup
            .findVirtual(bufferType, "limit", MethodType.methodType(int.class))
            .asType(MethodType.methodType(int.class, Object.class));
    wrap =
        object(
            lookup.findStatic(
                type(server, "org.glassfish.grizzly.memory.Buffers"),
                "wrap",
                MethodType.methodType(bufferType, memory, byte[].class)));
  }

  /** The Filter interface, to create proxies and find them in a chain. */
  Class<?> filterType() {
    return filterType;
  }

  /** A new answer filter (below the codec). */
  Object answerFilter() {
    return Proxy.newProxyInstance(
        filterType.getClassLoader(), new Class<?>[] {filterType}, new Handler(true));
  }

  /** A new request filter (above the codec). */
  Object requestFilter() {
    return Proxy.newProxyInstance(
        filterType.getClassLoader(), new Class<?>[] {filterType}, new Handler(false));
  }

  private final class Handler implements InvocationHandler {

    private final boolean answers;

    Handler(boolean answers) {
      this.answers = answers;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      switch (method.getName()) {
        case "handleWrite":
          if (answers) {
            answer(args[0]);
          }
          return (Object) invokeAction.invokeExact(args[0]);
        case "handleRead":
          if (answers ? refuseFirstLine(args[0]) : refuse(args[0])) {
            return (Object) stopAction.invokeExact(args[0]);
          }
          return (Object) invokeAction.invokeExact(args[0]);
        case "handleAccept":
          if (answers) {
            accepted(args[0]);
          }
          return (Object) invokeAction.invokeExact(args[0]);
        case "handleConnect", "handleEvent", "handleClose":
          return (Object) invokeAction.invokeExact(args[0]);
        case "equals":
          return proxy == args[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return answers ? "agent-commerce edge answers" : "agent-commerce edge requests";
        default: // onAdded, onRemoved, onFilterChainChanged, exceptionOccurred
          return null;
      }
    }
  }

  /** On a write: an error answer without a body gets our JSON body (same status and headers). */
  private void answer(Object ctx) {
    try {
      Object context = (Object) httpContextOf.invokeExact(ctx);
      if (context == null) {
        return;
      }
      Object request = (Object) contextRequest.invokeExact(context);
      if (request == null) {
        return;
      }
      Object response = (Object) requestResponse.invokeExact(request);
      if (response == null) {
        return;
      }
      int status = (int) responseStatus.invokeExact(response);
      if (status < 400
          || (long) contentLength.invokeExact(response) != 0
          || (Object) requestMethod.invokeExact(request) == headMethod) {
        return;
      }
      Object message = (Object) getMessage.invokeExact(ctx);
      if (!bufferType.isInstance(message)) {
        return;
      }
      String wire = (String) (Object) bufferText.invokeExact(message, (Object) LATIN_1);
      int end = wire.indexOf("\r\n\r\n");
      if (!wire.startsWith("HTTP/") || end < 0 || end + 4 != wire.length()) {
        return; // not a whole head without a body: leave it
      }
      StringBuilder head = new StringBuilder(end + 64);
      for (String line : wire.substring(0, end).split("\r\n", -1)) {
        String name = line.toLowerCase(Locale.ROOT);
        if (!name.startsWith("content-length:") && !name.startsWith("content-type:")) {
          head.append(line).append("\r\n");
        }
      }
      byte[] json = body.apply(status);
      head.append("Content-Type: application/json\r\nContent-Length: ")
          .append(json.length)
          .append("\r\n\r\n");
      Object buffer =
          (Object)
              wrap.invokeExact(
                  (Object) memoryManager.invokeExact(ctx), (Object) concat(head, json));
      setMessage.invokeExact(ctx, buffer);
      LOG.fine(() -> "The HTTP layer refused a request (" + status + "); answered in our shape");
    } catch (Throwable e) {
      LOG.fine(() -> "Left an HTTP-layer answer as it was: " + e);
    }
  }

  /**
   * On a read above the codec: a {@code Host} with a port that is not a number, or a raw path with
   * an encoded separator, is answered 400 and closed here; returns whether it was.
   */
  private boolean refuse(Object ctx) {
    try {
      Object message = (Object) getMessage.invokeExact(ctx);
      if (!httpContentType.isInstance(message)) {
        return false;
      }
      Object request = (Object) httpHeaderOf.invokeExact(message);
      if (!requestType.isInstance(request)) {
        return false;
      }
      byte[] json;
      String refused;
      String host = (String) (Object) header.invokeExact(request, (Object) "Host");
      String uri = (String) (Object) requestUri.invokeExact(request);
      if (host != null && !portIsNumeric(host)) {
        json = body.apply(400);
        refused = "Refused a Host header whose port is not a number";
      } else if (uri != null && ambiguousPath.test(uri)) {
        json = ambiguousPathBody;
        refused = "Refused an encoded slash, backslash or dot in a path";
      } else {
        return false;
      }
      boolean headOnly = (Object) requestMethod.invokeExact(request) == headMethod;
      write.invokeExact(ctx, badRequest(ctx, json, headOnly));
      Object context = (Object) httpContextOf.invokeExact(ctx);
      if (context != null) {
        contextClose.invokeExact(context);
      }
      LOG.fine(refused);
      return true;
    } catch (Throwable e) {
      LOG.fine(() -> "Could not check a request's Host and path: " + e);
      return false;
    }
  }

  /** {@code 400 Bad Request} with {@code json}, {@code Connection: close}, as a buffer to write. */
  private Object badRequest(Object ctx, byte[] json, boolean headOnly) throws Throwable {
    StringBuilder head =
        new StringBuilder("HTTP/1.1 400 Bad Request\r\n")
            .append("Content-Type: application/json\r\nContent-Length: ")
            .append(json.length)
            .append("\r\nConnection: close\r\n\r\n");
    return (Object)
        wrap.invokeExact(
            (Object) memoryManager.invokeExact(ctx),
            (Object) concat(head, headOnly ? new byte[0] : json));
  }

  /** On an accepted connection: its first request line is to be checked. */
  private void accepted(Object ctx) {
    try {
      Object connection = (Object) connectionOf.invokeExact(ctx);
      if (connection != null) {
        attributeSet.invokeExact(firstLine, connection, (Object) new FirstLine());
      }
    } catch (Throwable e) {
      LOG.fine(() -> "Could not mark a new connection: " + e);
    }
  }

  /**
   * On a read below the codec, while the connection's first request line is being checked: a line
   * end before any space, or more than {@link #FIRST_LINE_LIMIT} bytes without a line end, is
   * answered 400 and the connection closed; returns whether it was (then nothing passes on).
   */
  private boolean refuseFirstLine(Object ctx) {
    try {
      Object connection = (Object) connectionOf.invokeExact(ctx);
      if (connection == null) {
        return false;
      }
      Object state = (Object) attributeGet.invokeExact(firstLine, connection);
      if (!(state instanceof FirstLine line)) {
        return false; // the first line has passed, or the connection is not one we saw accepted
      }
      if (line.refused) {
        return true;
      }
      Object message = (Object) getMessage.invokeExact(ctx);
      if (!bufferType.isInstance(message)) {
        return false;
      }
      int position = (int) bufferPosition.invokeExact(message);
      int end =
          (int) Math.min((int) bufferLimit.invokeExact(message), position + 1L + FIRST_LINE_LIMIT);
      String bytes = (String) bufferRange.invokeExact(message, LATIN_1, position, end);
      switch (line.read(bytes)) {
        case PASSED -> {
          Object unused = (Object) attributeRemove.invokeExact(firstLine, connection);
          return false;
        }
        case MORE -> {
          return false;
        }
        default -> {
          line.refused = true;
          write.invokeExact(ctx, badRequest(ctx, body.apply(400), false));
          closeConnection.invokeExact(connection);
          LOG.fine("Refused a first request line without a space or a line end");
          return true;
        }
      }
    } catch (Throwable e) {
      LOG.fine(() -> "Could not check a first request line: " + e);
      return false;
    }
  }

  /** What is known of a connection's first request line so far. */
  static final class FirstLine {

    enum Verdict {
      PASSED,
      MORE,
      REFUSED
    }

    private int seen;
    private boolean space;
    volatile boolean refused;

    /** Reads the next bytes of the connection (as ISO-8859-1 characters). */
    Verdict read(String bytes) {
      for (int i = 0; i < bytes.length(); i++) {
        char c = bytes.charAt(i);
        if (c == '\n') {
          return space ? Verdict.PASSED : Verdict.REFUSED;
        }
        if (c == ' ' || c == '\t') { // the codec splits the request line at either
          space = true;
        }
        if (++seen > FIRST_LINE_LIMIT) {
          return Verdict.REFUSED;
        }
      }
      return Verdict.MORE;
    }
  }

  /**
   * Whether the port of a {@code Host} value, if it has one, is decimal digits, read as the
   * container reads it (Grizzly's {@code HttpCodecUtils.parseHost}): the port follows the first
   * colon outside an IPv6 literal's brackets ({@code example.com}, {@code 127.0.0.1:8080}, {@code
   * [::1]:8080}, {@code [::1]}, an empty port: yes; {@code 127.0.0.1:evil}, {@code a:b:80}: no).
   */
  static boolean portIsNumeric(String host) {
    boolean ipv6 = host.startsWith("[");
    boolean bracketClosed = false;
    int colon = -1;
    for (int i = 0; i < host.length() && colon < 0; i++) {
      char c = host.charAt(i);
      if (c == ']') {
        bracketClosed = true;
      } else if (c == ':' && (!ipv6 || bracketClosed)) {
        colon = i;
      }
    }
    if (colon < 0) {
      return true;
    }
    for (int i = colon + 1; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static byte[] concat(StringBuilder head, byte[] body) {
    byte[] start = head.toString().getBytes(LATIN_1);
    byte[] all = new byte[start.length + body.length];
    System.arraycopy(start, 0, all, 0, start.length);
    System.arraycopy(body, 0, all, start.length, body.length);
    return all;
  }

  private static Class<?> type(ClassLoader loader, String name) throws ClassNotFoundException {
    return Class.forName(name, false, loader);
  }

  /** {@code handle} with every parameter and a result as Object, for invokeExact. */
  private static MethodHandle object(MethodHandle handle) {
    MethodType generic = handle.type().generic();
    return handle.asType(
        handle.type().returnType() == void.class ? generic.changeReturnType(void.class) : generic);
  }
}
