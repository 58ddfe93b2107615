package org.agentcommerce.webapp.support;

import java.io.File;
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
   */
  public static WebArchive shared() {
    return realWar()
        .addClasses(BuyerProbeResource.class, LogWatchResource.class, StuckSessionResource.class)
        .addAsWebInfResource(EmptyAsset.INSTANCE, SHARED_MARK.substring("WEB-INF/".length()));
  }

  static boolean isShared(org.jboss.shrinkwrap.api.Archive<?> archive) {
    return archive.contains(SHARED_MARK);
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
