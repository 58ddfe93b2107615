package org.agentcommerce.payment.application;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Reading values of native query rows the same way on MariaDB and H2 (both run in UTC). */
public final class Rows {

  private Rows() {}

  public static Instant instant(Object o) {
    if (o == null) {
      return null;
    }
    if (o instanceof Timestamp t) {
      return t.toInstant();
    }
    if (o instanceof LocalDateTime l) {
      return l.toInstant(ZoneOffset.UTC);
    }
    if (o instanceof OffsetDateTime odt) {
      return odt.toInstant();
    }
    return Instant.parse(o.toString());
  }

  public static boolean bool(Object o) {
    if (o instanceof Boolean b) {
      return b;
    }
    return o != null && ((Number) o).intValue() != 0;
  }
}
