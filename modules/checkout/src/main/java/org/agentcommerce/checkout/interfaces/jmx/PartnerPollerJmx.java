package org.agentcommerce.checkout.interfaces.jmx;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.logging.Logger;
import org.agentcommerce.checkout.application.partner.PartnerPoller;
import org.agentcommerce.platform.api.OperatorMBeans;

/** Registers {@link PartnerPollerMXBean} when the application starts. */
@ApplicationScoped
public class PartnerPollerJmx {

  private static final Logger LOG = Logger.getLogger(PartnerPollerJmx.class.getName());
  static final String TYPE = "PartnerPoller";

  @Inject PartnerPoller poller;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    OperatorMBeans.register(
        TYPE, new Delegate(poller, Thread.currentThread().getContextClassLoader()));
  }

  @PreDestroy
  void unregister() {
    OperatorMBeans.unregister(TYPE);
  }

  /** The MXBean the MBean server holds. */
  public static final class Delegate implements PartnerPollerMXBean {

    private final PartnerPoller poller;
    private final ClassLoader application;

    Delegate(PartnerPoller poller, ClassLoader application) {
      this.poller = poller;
      this.application = application;
    }

    @Override
    public boolean isScheduled() {
      return OperatorMBeans.in(application, poller::isScheduled);
    }

    @Override
    public String start() {
      String who = OperatorMBeans.who();
      return OperatorMBeans.in(
          application,
          () -> {
            LOG.info("Partner purchase polling started on this node by " + who);
            return poller.start() ? "Polling started." : "Polling was already running.";
          });
    }

    @Override
    public String stop() {
      String who = OperatorMBeans.who();
      return OperatorMBeans.in(
          application,
          () -> {
            LOG.info("Partner purchase polling stopped on this node by " + who);
            return poller.stop() ? "Polling stopped." : "Polling was not running.";
          });
    }

    @Override
    public int runOnce() {
      return OperatorMBeans.in(application, poller::runOnce);
    }
  }
}
