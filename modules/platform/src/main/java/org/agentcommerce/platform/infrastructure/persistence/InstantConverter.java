package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Stores {@link Instant} as a SQL timestamp. The EclipseLink bundled with the runtime would
 * otherwise serialize it as bytes; every entity in every module gets this converter.
 */
@Converter(autoApply = true)
public class InstantConverter implements AttributeConverter<Instant, Timestamp> {

  @Override
  public Timestamp convertToDatabaseColumn(Instant instant) {
    return instant == null ? null : Timestamp.from(instant);
  }

  @Override
  public Instant convertToEntityAttribute(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
