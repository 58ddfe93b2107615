package org.agentcommerce.webapp.support;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The archive every test deploys: the real WAR the build produced, served at "/". */
public final class Deployments {

  private Deployments() {}

  public static WebArchive realWar() {
    File war = new File(System.getProperty("ac.test.war", "target/uber/ROOT.war"));
    if (!war.isFile()) {
      throw new IllegalStateException("Build the WAR first (mvn package): " + war);
    }
    return ShrinkWrap.createFromZipFile(WebArchive.class, war);
  }
}
