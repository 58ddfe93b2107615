package org.agentcommerce.platform.interfaces.rest;

/**
 * The one naming rule between Java and the wire: {@code agentEmail} is {@code agent_email}. JSON-B,
 * the OpenAPI document and validation error locations all use it, so they cannot disagree.
 */
public final class WireNames {

  private WireNames() {}

  public static String toWire(String javaName) {
    StringBuilder out = new StringBuilder(javaName.length() + 4);
    for (int i = 0; i < javaName.length(); i++) {
      char c = javaName.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0) {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
