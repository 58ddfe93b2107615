package org.agentcommerce.catalog.interfaces.jmx;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.catalog.application.search.CatalogIndex;
import org.agentcommerce.platform.api.OperatorMBeans;

/** Registers {@link CatalogIndexMXBean} when the application starts. */
@ApplicationScoped
public class CatalogIndexJmx {

  private static final Logger LOG = Logger.getLogger(CatalogIndexJmx.class.getName());
  static final String TYPE = "CatalogIndex";

  @Inject CatalogIndex index;

  private final AtomicBoolean rebuilding = new AtomicBoolean();
  private volatile Instant lastBuiltAt;

  void register(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
    OperatorMBeans.register(
        TYPE, new Delegate(this, Thread.currentThread().getContextClassLoader()));
  }

  @PreDestroy
  void unregister() {
    OperatorMBeans.unregister(TYPE);
  }

  String rebuild(String who) {
    if (!index.isReady()) {
      return "The index is still being built at start-up; nothing started.";
    }
    if (!rebuilding.compareAndSet(false, true)) {
      return "A rebuild is already running.";
    }
    ManagedExecutorService executor;
    try {
      executor = javax.naming.InitialContext.doLookup("java:comp/DefaultManagedExecutorService");
    } catch (javax.naming.NamingException e) {
      rebuilding.set(false);
      return "No managed executor to rebuild on: " + e.getMessage();
    }
    LOG.info("Catalog index rebuild started by " + who);
    executor.execute(
        () -> {
          try {
            index.build();
            lastBuiltAt = Instant.now();
          } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Catalog index rebuild failed; the index is as it was", e);
          } finally {
            rebuilding.set(false);
          }
        });
    return "Rebuild started; watch Rebuilding and IndexedProducts.";
  }

  /** The MXBean the MBean server holds. */
  public static final class Delegate implements CatalogIndexMXBean {

    private final CatalogIndexJmx owner;
    private final ClassLoader application;

    Delegate(CatalogIndexJmx owner, ClassLoader application) {
      this.owner = owner;
      this.application = application;
    }

    @Override
    public long getIndexedProducts() {
      return OperatorMBeans.in(
          application,
          () -> owner.index.lastBuild() == null ? 0 : owner.index.lastBuild().products());
    }

    @Override
    public long getLastBuildMillis() {
      return OperatorMBeans.in(
          application,
          () -> owner.index.lastBuild() == null ? 0 : owner.index.lastBuild().millis());
    }

    @Override
    public String getLastBuiltAt() {
      return owner.lastBuiltAt == null ? "at start-up" : owner.lastBuiltAt.toString();
    }

    @Override
    public boolean isRebuilding() {
      return owner.rebuilding.get();
    }

    @Override
    public String rebuild() {
      String who = OperatorMBeans.who();
      return OperatorMBeans.in(application, () -> owner.rebuild(who));
    }
  }
}
