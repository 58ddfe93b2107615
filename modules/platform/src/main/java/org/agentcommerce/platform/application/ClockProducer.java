package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The one clock of the application, injectable so that time is explicit. Its instants are cut to
 * microseconds, the precision the database keeps, so a stored instant reads back equal.
 */
@ApplicationScoped
public class ClockProducer {

  @Produces
  @ApplicationScoped
  Clock clock() {
    return new MicrosecondClock(Clock.systemUTC());
  }

  /** UTC time in whole microseconds. */
  static final class MicrosecondClock extends Clock {
    private final Clock base;

    MicrosecondClock(Clock base) {
      this.base = base;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new MicrosecondClock(base.withZone(zone));
    }

    @Override
    public long millis() {
      return base.millis();
    }

    @Override
    public Instant instant() {
      return base.instant().truncatedTo(ChronoUnit.MICROS);
    }
  }
}
