package org.agentcommerce.webapp.support;

import fish.payara.arquillian.container.payara.managed.PayaraMicroContainerConfiguration;
import fish.payara.arquillian.container.payara.managed.PayaraMicroDeployableContainer;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.container.spi.client.container.DeploymentException;
import org.jboss.arquillian.container.spi.client.container.LifecycleException;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentDescription;
import org.jboss.arquillian.container.spi.client.protocol.ProtocolDescription;
import org.jboss.arquillian.container.spi.client.protocol.metadata.HTTPContext;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.test.impl.client.deployment.AnnotationDeploymentScenarioGenerator;
import org.jboss.arquillian.container.test.spi.client.deployment.DeploymentScenarioGenerator;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.TestClass;
import org.jboss.shrinkwrap.api.Archive;

/**
 * Payara Micro's Arquillian container with one difference: the test classes that deploy {@link
 * Deployments#shared()} share one server per test JVM, started by the first of them and stopped
 * when the JVM ends, instead of a server started and stopped per class. A class that deploys any
 * other archive gets a server of its own for its tests, as before. The shared server is started
 * again when it has stopped (a test that ended it); each class still finds it healthy before its
 * first test ({@link Http#awaitReady()}).
 *
 * <p>Registered in place of {@link PayaraMicroDeployableContainer} by {@link Extension}; the
 * configuration (arquillian.xml, {@code payara.cmdOptions}) is the same for both kinds of server.
 */
public final class SharedDeploymentContainer
    implements DeployableContainer<PayaraMicroContainerConfiguration> {

  private static final Logger LOG = Logger.getLogger(SharedDeploymentContainer.class.getName());

  /** Replaces Payara Micro's container in Arquillian's registry. */
  public static final class Extension implements LoadableExtension {
    @Override
    public void register(ExtensionBuilder builder) {
      builder.override(
          DeployableContainer.class,
          PayaraMicroDeployableContainer.class,
          SharedDeploymentContainer.class);
      builder.override(
          DeploymentScenarioGenerator.class,
          AnnotationDeploymentScenarioGenerator.class,
          TestableSharedDeployments.class);
    }
  }

  /**
   * Every class's {@link Deployments#shared()} deployment is made testable: Arquillian then adds
   * its in-container protocol to the archive, whichever class deploys it first, so that the
   * in-container classes (their test classes are in every shared archive) run on the shared server
   * too. The classes that say {@code @RunAsClient} still run their tests as clients.
   */
  public static final class TestableSharedDeployments
      extends AnnotationDeploymentScenarioGenerator {
    @Override
    public List<DeploymentDescription> generate(TestClass testClass) {
      List<DeploymentDescription> descriptions = super.generate(testClass);
      for (DeploymentDescription description : descriptions) {
        if (description.isArchiveDeployment() && Deployments.isShared(description.getArchive())) {
          description.shouldBeTestable(true);
        }
      }
      return descriptions;
    }
  }

  private PayaraMicroContainerConfiguration configuration;

  // The shared server outlives this container: failsafe runs each class as a suite of its own when
  // it forks several test JVMs, and Arquillian makes and stops a container per suite. The server
  // stops with the test JVM (the shutdown hook Payara's container registers when it deploys).
  private static PayaraMicroDeployableContainer shared;
  private static ProtocolMetaData sharedMetaData;
  private static Archive<?> sharedArchive;
  private static int sharedClasses;
  private final Map<Archive<?>, PayaraMicroDeployableContainer> own = new IdentityHashMap<>();

  @Override
  public Class<PayaraMicroContainerConfiguration> getConfigurationClass() {
    return PayaraMicroContainerConfiguration.class;
  }

  @Override
  public void setup(PayaraMicroContainerConfiguration configuration) {
    this.configuration = configuration;
  }

  @Override
  public ProtocolDescription getDefaultProtocol() {
    return new PayaraMicroDeployableContainer().getDefaultProtocol();
  }

  @Override
  public ProtocolMetaData deploy(Archive<?> archive) throws DeploymentException {
    if (!Deployments.isShared(archive)) {
      PayaraMicroDeployableContainer server = started();
      ProtocolMetaData metaData = server.deploy(archive);
      own.put(archive, server);
      return metaData;
    }
    if (shared != null && !answers(sharedMetaData)) {
      LOG.warning("The shared test server no longer answers; starting it again");
      stopShared();
    }
    if (shared == null) {
      shared = started();
      sharedMetaData = shared.deploy(archive);
      sharedArchive = archive;
      // The built WAR plus test-only resources the document never scans: the built WAR's
      // document, which second nodes of the built WAR then need not derive (ContractGuard).
      try {
        ContractGuard.serves(
            java.net.URI.create(
                "http://127.0.0.1:"
                    + sharedMetaData.getContexts(HTTPContext.class).iterator().next().getPort()),
            ContractGuard.identity(Deployments.builtWar()));
      } catch (java.io.IOException e) {
        throw new DeploymentException("Cannot read the built WAR", e);
      }
    }
    sharedClasses++;
    LOG.info("Test class " + sharedClasses + " on the shared server " + base(sharedMetaData));
    return sharedMetaData;
  }

  @Override
  public void undeploy(Archive<?> archive) throws DeploymentException {
    PayaraMicroDeployableContainer server = own.remove(archive);
    if (server != null) {
      server.undeploy(archive);
    }
    // The shared server stays up for the next class; it ends with the test JVM.
  }

  @Override
  public void stop() throws LifecycleException {
    // Not the shared server: the next suite in this JVM uses it (see the fields).
  }

  private PayaraMicroDeployableContainer started() throws DeploymentException {
    PayaraMicroDeployableContainer server = new PayaraMicroDeployableContainer();
    server.setup(configuration);
    try {
      server.start();
    } catch (LifecycleException e) {
      throw new DeploymentException("Payara Micro did not start", e);
    }
    return server;
  }

  private static void stopShared() {
    if (shared != null) {
      try {
        shared.undeploy(sharedArchive);
      } catch (DeploymentException e) {
        LOG.warning("Stopping the shared test server: " + e);
      }
      shared = null;
      sharedMetaData = null;
    }
  }

  private static String base(ProtocolMetaData metaData) {
    HTTPContext http = metaData.getContexts(HTTPContext.class).iterator().next();
    return "http://" + http.getHost() + ":" + http.getPort() + "/";
  }

  private static boolean answers(ProtocolMetaData metaData) {
    try {
      java.net.http.HttpResponse<Void> answer =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create(base(metaData) + "health/live"))
                      .timeout(java.time.Duration.ofSeconds(10))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.discarding());
      return answer.statusCode() == 200;
    } catch (Exception e) {
      return false;
    }
  }
}
