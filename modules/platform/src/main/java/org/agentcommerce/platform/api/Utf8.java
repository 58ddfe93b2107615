package org.agentcommerce.platform.api;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Request bodies as UTF-8 text, strictly: JSON on the wire is UTF-8 (RFC 8259, section 8.1). */
public final class Utf8 {

  private Utf8() {}

  /** The text; invalid bytes throw instead of turning silently into U+FFFD. */
  public static String strict(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }
}
