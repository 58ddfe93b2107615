import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * A buyer-token issuer for a local multi-node trial (docs/operations.md, "Trying payments on a
 * local multi-node stack"). JDK 17 only, no dependencies, run from source:
 *
 * <pre>
 *   java tools/DevBuyerTokens.java init DIR [--issuer ISS] [--audience AUD]
 *   java tools/DevBuyerTokens.java mint DIR --subject SUB [--email EMAIL] [--ttl PT1H]
 * </pre>
 *
 * {@code init} makes an RSA key pair in DIR (created with mode 700): {@code private-key.pem} (PKCS#8,
 * mode 600; it stays with the operator and never goes to a node), {@code jwks.json} (the public
 * half, the file the nodes' {@code mp.jwt.verify.publickey.location} points at) and {@code
 * issuer.properties} (issuer, audience and key id, for {@code mint}). It refuses to replace an
 * existing key. {@code mint} prints one RS256 buyer token for {@code X-Agent-User-JWT} with the
 * claims the service checks ({@code iss}, {@code aud}, {@code sub}, {@code iat}, {@code nbf},
 * {@code exp}, a {@code jti} and an optional {@code email}); it prints nothing else to standard
 * output.
 */
public final class DevBuyerTokens {

  static final String DEFAULT_ISSUER = "urn:agent-commerce:local-trial";
  static final String DEFAULT_AUDIENCE = "agent-commerce";
  static final Duration MAX_TTL = Duration.ofHours(24); // ac.buyer-token.max-lifetime's default

  private static final Base64.Encoder B64URL = Base64.getUrlEncoder().withoutPadding();

  private DevBuyerTokens() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      usage("a command and a directory are required");
    }
    Map<String, String> options = options(args, 2);
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case "init" -> init(dir, options);
      case "mint" -> System.out.println(mint(dir, options));
      default -> usage("unknown command " + args[0]);
    }
  }

  private static void usage(String problem) {
    System.err.println(
        "DevBuyerTokens: "
            + problem
            + "\nusage: java tools/DevBuyerTokens.java init DIR [--issuer ISS] [--audience AUD]"
            + "\n       java tools/DevBuyerTokens.java mint DIR --subject SUB [--email EMAIL]"
            + " [--ttl PT1H]");
    System.exit(2);
  }

  private static Map<String, String> options(String[] args, int from) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = from; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        usage("expected --name value, got " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }

  static void init(Path dir, Map<String, String> options) throws Exception {
    String issuer = options.getOrDefault("issuer", DEFAULT_ISSUER);
    String audience = options.getOrDefault("audience", DEFAULT_AUDIENCE);
    Path privateKey = dir.resolve("private-key.pem");
    if (Files.exists(privateKey)) {
      System.err.println(
          "DevBuyerTokens: " + privateKey + " exists already; delete " + dir + " to start over");
      System.exit(1);
    }
    Files.createDirectories(dir);
    restrict(dir, "rwx------");

    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair pair = generator.generateKeyPair();
    RSAPublicKey publicKey = (RSAPublicKey) pair.getPublic();
    String n = B64URL.encodeToString(unsigned(publicKey.getModulus()));
    String e = B64URL.encodeToString(unsigned(publicKey.getPublicExponent()));
    String kid = thumbprint(n, e);

    // The private key is written to a file that is private before it holds anything.
    Files.createFile(privateKey);
    restrict(privateKey, "rw-------");
    Files.writeString(
        privateKey,
        "-----BEGIN PRIVATE KEY-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(pair.getPrivate().getEncoded())
            + "\n-----END PRIVATE KEY-----\n",
        StandardCharsets.US_ASCII);

    Files.writeString(
        dir.resolve("jwks.json"),
        "{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"alg\":\"RS256\",\"kid\":\""
            + kid
            + "\",\"n\":\""
            + n
            + "\",\"e\":\""
            + e
            + "\"}]}\n",
        StandardCharsets.US_ASCII);

    Properties settings = new Properties();
    settings.setProperty("issuer", issuer);
    settings.setProperty("audience", audience);
    settings.setProperty("kid", kid);
    try (var out = Files.newBufferedWriter(dir.resolve("issuer.properties"))) {
      settings.store(out, "DevBuyerTokens: the settings mint uses");
    }

    System.out.println(
        "Made "
            + privateKey
            + " (keep it here) and "
            + dir.resolve("jwks.json")
            + " (for the nodes).\nSet on every node:\n"
            + "  MP_JWT_VERIFY_PUBLICKEY_LOCATION=<path of jwks.json on the node>\n"
            + "  MP_JWT_VERIFY_ISSUER="
            + issuer
            + "\n  MP_JWT_VERIFY_AUDIENCES="
            + audience);
  }

  static String mint(Path dir, Map<String, String> options) throws Exception {
    String subject = options.get("subject");
    if (subject == null || subject.isBlank()) {
      usage("mint needs --subject");
    }
    Duration ttl = Duration.parse(options.getOrDefault("ttl", "PT1H"));
    if (ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_TTL) > 0) {
      usage("--ttl must be positive and at most " + MAX_TTL + " (ac.buyer-token.max-lifetime)");
    }
    Properties settings = new Properties();
    try (var in = Files.newBufferedReader(dir.resolve("issuer.properties"))) {
      settings.load(in);
    }
    long now = Instant.now().getEpochSecond();
    StringBuilder claims =
        new StringBuilder()
            .append("{\"iss\":")
            .append(quote(settings.getProperty("issuer")))
            .append(",\"aud\":")
            .append(quote(settings.getProperty("audience")))
            .append(",\"sub\":")
            .append(quote(subject))
            .append(",\"iat\":")
            .append(now)
            .append(",\"nbf\":")
            .append(now)
            .append(",\"exp\":")
            .append(now + ttl.toSeconds())
            .append(",\"jti\":")
            .append(quote(UUID.randomUUID().toString()));
    String email = options.get("email");
    if (email != null) {
      claims.append(",\"email\":").append(quote(email));
    }
    claims.append('}');
    String header =
        "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":" + quote(settings.getProperty("kid")) + "}";
    String signingInput = b64(header) + "." + b64(claims.toString());
    Signature signature = Signature.getInstance("SHA256withRSA");
    signature.initSign(privateKey(dir.resolve("private-key.pem")));
    signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
    return signingInput + "." + B64URL.encodeToString(signature.sign());
  }

  private static PrivateKey privateKey(Path file) throws Exception {
    String pem =
        Files.readString(file, StandardCharsets.US_ASCII)
            .replace("-----BEGIN PRIVATE KEY-----", "")
            .replace("-----END PRIVATE KEY-----", "");
    byte[] der = Base64.getMimeDecoder().decode(pem);
    return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
  }

  /** The RFC 7638 JWK thumbprint (SHA-256) of an RSA public key: a stable key id. */
  private static String thumbprint(String n, String e) throws Exception {
    String canonical = "{\"e\":\"" + e + "\",\"kty\":\"RSA\",\"n\":\"" + n + "\"}";
    return B64URL.encodeToString(
        MessageDigest.getInstance("SHA-256")
            .digest(canonical.getBytes(StandardCharsets.US_ASCII)));
  }

  /** The big-endian bytes without the sign byte BigInteger adds (JWK's base64urlUInt). */
  private static byte[] unsigned(BigInteger value) {
    byte[] bytes = value.toByteArray();
    if (bytes.length > 1 && bytes[0] == 0) {
      byte[] trimmed = new byte[bytes.length - 1];
      System.arraycopy(bytes, 1, trimmed, 0, trimmed.length);
      return trimmed;
    }
    return bytes;
  }

  private static String b64(String json) {
    return B64URL.encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  /** A JSON string literal. */
  private static String quote(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  private static void restrict(Path path, String permissions) throws IOException {
    try {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
    } catch (UnsupportedOperationException notPosix) {
      System.err.println("DevBuyerTokens: cannot restrict " + path + " (not a POSIX file system)");
    }
  }
}
