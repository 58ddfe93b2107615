package org.agentcommerce.events.infrastructure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The cross-node signal on a real data grid: two Hazelcast members (the version Payara Micro
 * carries) clustered over 127.0.0.1, one node's signal reaches the other and not itself.
 */
class GridSignalTest {

  private static HazelcastInstance one;
  private static HazelcastInstance two;

  @BeforeAll
  static void cluster() {
    String name = "ac-test-" + UUID.randomUUID();
    one = Hazelcast.newHazelcastInstance(config(name));
    two = Hazelcast.newHazelcastInstance(config(name));
  }

  @AfterAll
  static void stop() {
    two.shutdown();
    one.shutdown();
  }

  private static Config config(String cluster) {
    Config c = new Config();
    c.setClusterName(cluster);
    c.setProperty("hazelcast.phone.home.enabled", "false");
    c.setProperty("hazelcast.socket.bind.any", "false");
    c.setProperty("hazelcast.logging.type", "jdk");
    // Members join at once: no five-second wait for others before joining (Hazelcast's default).
    c.setProperty("hazelcast.wait.seconds.before.join", "0");
    NetworkConfig network = c.getNetworkConfig();
    network.setPort(5871).setPortAutoIncrement(true);
    network.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
    JoinConfig join = network.getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig()
        .setEnabled(true)
        .addMember("127.0.0.1:5871")
        .addMember("127.0.0.1:5872")
        .addMember("127.0.0.1:5873");
    return c;
  }

  @Test
  void aSignalReachesTheOtherNodeOnlyAndStopsWhenClosed() throws Exception {
    assertEquals(2, one.getCluster().getMembers().size());
    BlockingQueue<Long> atA = new LinkedBlockingQueue<>();
    BlockingQueue<Long> atB = new LinkedBlockingQueue<>();
    String topic = "events-" + UUID.randomUUID();
    try (GridSignal a = GridSignal.join(one, topic, "node-a", atA::add);
        GridSignal b = GridSignal.join(two, topic, "node-b", atB::add)) {
      a.publish(41);
      assertEquals(41L, atB.poll(10, TimeUnit.SECONDS));
      b.publish(42);
      assertEquals(42L, atA.poll(10, TimeUnit.SECONDS));
      assertNull(atA.poll(300, TimeUnit.MILLISECONDS), "a node's own signal is not handed back");
      assertTrue(atB.isEmpty());
      b.close();
      a.publish(43);
      assertNull(atB.poll(1, TimeUnit.SECONDS), "a closed signal hears nothing");
    }
  }

  @Test
  void noGridOutsideAServer() {
    assertTrue(GridSignal.serverGrid().isEmpty());
  }
}
