package org.agentcommerce.platform.infrastructure.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MigrationLockTest {

  @Test
  void eachSchemaHasItsOwnLock() {
    assertEquals("agentcommerce.migrate.agentcommerce", MigrationLock.name("agentcommerce"));
    assertNotEquals(MigrationLock.name("shop_a"), MigrationLock.name("shop_b"));
  }

  @Test
  void longSchemaNamesStillGiveANameMySqlAccepts() {
    String a = MigrationLock.name("s".repeat(64));
    String b = MigrationLock.name("s".repeat(63) + "t");
    assertTrue(a.length() <= 64, a);
    assertNotEquals(a, b);
  }
}
