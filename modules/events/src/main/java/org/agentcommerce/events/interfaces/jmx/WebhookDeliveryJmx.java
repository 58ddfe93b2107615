package org.agentcommerce.events.interfaces.jmx;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.agentcommerce.events.application.WebhookDeliverer;
import org.agentcommerce.platform.api.OperatorMBeans;

/** Registers {@link WebhookDeliveryMXBean} when the application starts. */
@ApplicationScoped
public class WebhookDeliveryJmx {

  static final String TYPE = "WebhookDelivery";

  @Inject WebhookDeliverer deliverer;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    // A plain delegate: the MBean server must not hold the CDI proxy's class.
    OperatorMBeans.register(
        TYPE, new Delegate(deliverer, Thread.currentThread().getContextClassLoader()));
  }

  @PreDestroy
  void unregister() {
    OperatorMBeans.unregister(TYPE);
  }

  /** The MXBean the MBean server holds. */
  public static final class Delegate implements WebhookDeliveryMXBean {

    private final WebhookDeliverer deliverer;
    private final ClassLoader application;

    Delegate(WebhookDeliverer deliverer, ClassLoader application) {
      this.deliverer = deliverer;
      this.application = application;
    }

    @Override
    public boolean isPaused() {
      return OperatorMBeans.in(application, deliverer::isPaused);
    }

    @Override
    public void setPaused(boolean paused) {
      String who = OperatorMBeans.who();
      OperatorMBeans.in(
          application,
          () -> {
            deliverer.pause(paused, who);
            return null;
          });
    }
  }
}
