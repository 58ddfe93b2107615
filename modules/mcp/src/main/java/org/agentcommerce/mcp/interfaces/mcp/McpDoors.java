package org.agentcommerce.mcp.interfaces.mcp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.logging.Logger;
import org.agentcommerce.mcp.api.Door;
import org.agentcommerce.mcp.api.McpTool;
import org.agentcommerce.platform.api.CallCounter;
import org.agentcommerce.platform.api.security.Caller;
import org.agentcommerce.platform.api.security.RateLimits;
import org.eclipse.microprofile.config.Config;

/**
 * The two doors, built once from every {@link McpTool} bean and the configuration. They are built
 * when the application starts, so that a broken tool descriptor (a duplicate name, a schema outside
 * the validated subset) is reported at start-up with the tool's name, not on the first call.
 */
@ApplicationScoped
public class McpDoors {

  private static final Logger LOG = Logger.getLogger(McpDoors.class.getName());

  @Inject @Any Instance<McpTool> tools;
  @Inject Config config;
  @Inject RateLimits rateLimits;
  @Inject Clock clock;
  @Inject Caller caller;
  @Inject CallCounter counter;

  private volatile McpEndpoint open;
  private volatile McpEndpoint keyed;

  void build(@Observes @Initialized(ApplicationScoped.class) Object started) {
    endpoint(Door.OPEN);
  }

  /** The endpoint of a door. */
  public McpEndpoint endpoint(Door door) {
    McpEndpoint built = door == Door.OPEN ? open : keyed;
    if (built == null) {
      synchronized (this) {
        if (open == null) {
          List<McpTool> found = tools.stream().filter(McpTool::available).toList();
          ToolCatalog catalog = new ToolCatalog(found);
          McpSettings settings = McpSettings.from(config);
          open = new McpEndpoint(Door.OPEN, catalog, settings, rateLimits, clock, call -> {});
          keyed =
              new McpEndpoint(
                  Door.KEYED,
                  catalog,
                  settings,
                  null,
                  clock,
                  call -> {
                    if (caller.isEstablished()) {
                      counter.record(caller.agentId(), call);
                    }
                  });
          LOG.info(
              () ->
                  "MCP tool doors ready: "
                      + found.size()
                      + " tool(s); open door limited to "
                      + settings.openRequestsPerMinute()
                      + " requests per minute per client; allowed hosts "
                      + settings.allowedHosts());
        }
        built = door == Door.OPEN ? open : keyed;
      }
    }
    return built;
  }
}
