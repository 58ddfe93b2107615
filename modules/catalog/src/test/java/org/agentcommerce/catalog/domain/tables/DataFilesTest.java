package org.agentcommerce.catalog.domain.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Data files are read beside their owner class, in order, and a bad one fails naming itself. */
class DataFilesTest {

  @Test
  void aTableKeepsItsFileOrderAndSkipsCommentsAndBlankLines() {
    Map<String, String> table = DataFiles.table(DataFilesTest.class, "ordered.tsv");
    assertEquals(List.of("gamma", "beta"), List.copyOf(table.keySet()));
    assertEquals("delta", table.get("beta"));
  }

  @Test
  void aBadFileFailsNamingItself() {
    assertMessageHas(
        () -> DataFiles.lines(DataFilesTest.class, "none.txt"),
        "org/agentcommerce/catalog/domain/tables/none.txt");
    assertMessageHas(
        () -> DataFiles.table(DataFilesTest.class, "three-columns.tsv"), "three-columns.tsv");
    // Each key once, as Map.ofEntries held the tables that were Java.
    assertMessageHas(() -> DataFiles.table(DataFilesTest.class, "key-twice.tsv"), "alpha");
  }

  private static void assertMessageHas(Executable read, String text) {
    String message = assertThrows(IllegalStateException.class, read).getMessage();
    assertTrue(message.contains(text), message);
  }
}
