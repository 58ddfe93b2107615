package org.agentcommerce.events.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.events.domain.NodeSignals;

/** Node signals through the server's data grid, when it has one ({@link GridSignal}). */
@ApplicationScoped
public class DataGridSignals implements NodeSignals {

  private static final Logger LOG = Logger.getLogger(DataGridSignals.class.getName());

  @Override
  public Optional<Channel> join(String name, String node, LongConsumer onSignal) {
    Optional<Object> grid = GridSignal.serverGrid();
    if (grid.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(GridSignal.join(grid.get(), name, node, onSignal));
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.log(Level.INFO, "The data grid's topic " + name + " is not usable", e);
      return Optional.empty();
    }
  }
}
