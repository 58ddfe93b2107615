package org.agentcommerce.checkout.infrastructure.partner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;

class OwnAddressTest {

  @Test
  void aTlsRequestTeachesNothing() {
    OwnAddress own = new OwnAddress();
    own.learn(8443, "/shop", true);
    assertTrue(own.base().isEmpty());
    own.learn(8080, "/shop", false);
    assertEquals(URI.create("http://127.0.0.1:8080/shop/"), own.base().orElseThrow());
  }

  @Test
  void theFirstPlainRequestWinsAndIsNeverOverwritten() {
    OwnAddress own = new OwnAddress();
    own.learn(0, "", false);
    assertTrue(own.base().isEmpty());
    own.learn(8080, "", false);
    own.learn(9090, "", false);
    own.learn(8443, "/other", true);
    assertEquals(URI.create("http://127.0.0.1:8080/"), own.base().orElseThrow());
  }
}
