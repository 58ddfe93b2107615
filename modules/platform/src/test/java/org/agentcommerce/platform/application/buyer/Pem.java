package org.agentcommerce.platform.application.buyer;

import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.Base64;

/** PEM text of a key, as an operator would paste it into the configuration. */
final class Pem {

  private Pem() {}

  static String publicKey(Key key) {
    return encode("PUBLIC KEY", key.getEncoded());
  }

  static String privateKey(Key key) {
    return encode("PRIVATE KEY", key.getEncoded());
  }

  private static String encode(String label, byte[] der) {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
  }
}
