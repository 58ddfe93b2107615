package org.agentcommerce.webapp.support;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The archives tests deploy: the real WAR the build produced, served at "/". */
public final class Deployments {

  /** Marks the archive every class that can share a server deploys (never served: WEB-INF). */
  private static final String SHARED_MARK = "WEB-INF/agentcommerce-shared-test-deployment";

  private Deployments() {}

  /**
   * The real WAR with every test-only resource (under /agent/v1/test/, never in the document), on
   * one server that the classes deploying it share ({@link SharedDeploymentContainer}). A class
   * that needs a server of its own (its own start, its own options) deploys {@link #realWar()}.
   *
   * <p>The in-container test classes (named {@code *InContainerIT}) are in it too: whichever class
   * deploys the shared archive first, they run inside that server (Arquillian adds its protocol to
   * every shared deployment, {@link SharedDeploymentContainer.TestableSharedDeployments}).
   */
  public static WebArchive shared() {
    WebArchive war =
        realWar()
            .addClasses(
                BuyerProbeResource.class, LogWatchResource.class, StuckSessionResource.class)
            .addAsWebInfResource(EmptyAsset.INSTANCE, SHARED_MARK.substring("WEB-INF/".length()));
    for (String name : IN_CONTAINER_CLASSES) {
      war.addClass(name);
    }
    return war;
  }

  /** The test classes that run inside the server: {@code *InContainerIT} beside the other tests. */
  private static final List<String> IN_CONTAINER_CLASSES = inContainerClasses();

  private static List<String> inContainerClasses() {
    String pkg = "org/agentcommerce/webapp/";
    java.net.URL dir = Deployments.class.getClassLoader().getResource(pkg);
    if (dir == null || !"file".equals(dir.getProtocol())) {
      throw new IllegalStateException("Test classes not in a directory: " + dir);
    }
    String[] files;
    try {
      files = new File(dir.toURI()).list((d, n) -> n.endsWith("InContainerIT.class"));
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    List<String> names = new ArrayList<>();
    for (String file : files == null ? new String[0] : files) {
      names.add(pkg.replace('/', '.') + file.substring(0, file.length() - ".class".length()));
    }
    if (names.isEmpty()) {
      throw new IllegalStateException("No *InContainerIT class in " + dir);
    }
    return List.copyOf(names);
  }

  static boolean isShared(org.jboss.shrinkwrap.api.Archive<?> archive) {
    return archive.contains(SHARED_MARK);
  }

  /**
   * Whether {@code archive} is the built WAR with nothing added but classes of the tests' package:
   * then it serves the built WAR's OpenAPI document, which never scans {@code
   * org.agentcommerce.webapp} (mp.openapi.scan.exclude.packages), so the contract guard need not
   * have the node derive its own (some 9 CPU s).
   */
  static boolean servesTheBuiltDocument(org.jboss.shrinkwrap.api.Archive<?> archive)
      throws java.io.IOException {
    java.util.Set<String> built = new java.util.HashSet<>();
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(builtWar())) {
      zip.stream().forEach(entry -> built.add("/" + entry.getName()));
    }
    for (var entry : archive.getContent().entrySet()) {
      String name = entry.getKey().get();
      boolean directory = entry.getValue().getAsset() == null; // the WAR lists some, not all
      if (!directory
          && !built.contains(name)
          && !name.startsWith("/WEB-INF/classes/org/agentcommerce/webapp/")) {
        return false;
      }
    }
    return true;
  }

  /** The WAR as built, for a server of the deploying class's own. */
  public static WebArchive realWar() {
    return ShrinkWrap.createFromZipFile(WebArchive.class, builtWar());
  }

  /**
   * The file of the WAR as built: what a {@link SecondNode} serving it unchanged is given (copied,
   * not read into an archive and compressed again).
   */
  public static File builtWar() {
    File war = new File(System.getProperty("ac.test.war", "target/uber/ROOT.war"));
    if (!war.isFile()) {
      throw new IllegalStateException("Build the WAR first (mvn package): " + war);
    }
    return war;
  }
}
