package org.agentcommerce.checkout.application.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Partner purchases' configuration (docs/configuration.md, docs/partner-purchases.md). */
@ApplicationScoped
public class PartnerSettings {

  @Inject
  @ConfigProperty(name = "ac.partner.create-enabled", defaultValue = "true")
  boolean createEnabled;

  @Inject
  @ConfigProperty(name = "ac.partner.poller.enabled", defaultValue = "true")
  boolean pollerEnabled;

  @Inject
  @ConfigProperty(name = "ac.partner.poller.interval", defaultValue = "PT1S")
  Duration pollInterval;

  @Inject
  @ConfigProperty(name = "ac.partner.poller.lease", defaultValue = "PT30S")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ac.partner.poller.batch", defaultValue = "8")
  int batch;

  @Inject
  @ConfigProperty(name = "ac.partner.max-attempts", defaultValue = "8")
  int maxAttempts;

  @Inject
  @ConfigProperty(name = "ac.partner.backoff-base", defaultValue = "PT2S")
  Duration backoffBase;

  @Inject
  @ConfigProperty(name = "ac.partner.backoff-max", defaultValue = "PT5M")
  Duration backoffMax;

  @Inject
  @ConfigProperty(name = "ac.partner.give-up-after", defaultValue = "PT24H")
  Duration giveUpAfter;

  @Inject
  @ConfigProperty(name = "ac.partner.contact-window", defaultValue = "PT30M")
  Duration contactWindow;

  @Inject
  @ConfigProperty(name = "ac.partner.status-poll-interval", defaultValue = "PT2S")
  Duration statusPollInterval;

  public boolean createEnabled() {
    return createEnabled;
  }

  public boolean pollerEnabled() {
    return pollerEnabled;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  public Duration lease() {
    return lease;
  }

  public int batch() {
    return Math.max(1, batch);
  }

  public int maxAttempts() {
    return Math.max(1, maxAttempts);
  }

  public Duration backoffBase() {
    return backoffBase;
  }

  public Duration backoffMax() {
    return backoffMax;
  }

  public Duration giveUpAfter() {
    return giveUpAfter;
  }

  public Duration contactWindow() {
    return contactWindow;
  }

  public Duration statusPollInterval() {
    return statusPollInterval;
  }
}
