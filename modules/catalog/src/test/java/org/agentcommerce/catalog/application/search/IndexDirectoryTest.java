package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.MMapDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexDirectoryTest {

  @TempDir Path parent;

  @Test
  void theIndexIsMemoryMappedInADirectoryOfItsOwnThatIsDeletedAtClose() throws Exception {
    Path own;
    try (IndexDirectory dir = IndexDirectory.open(parent.toString())) {
      own = dir.path();
      assertNotNull(own);
      assertEquals(parent, own.getParent());
      assertTrue(own.getFileName().toString().startsWith(IndexDirectory.PREFIX));
      assertInstanceOf(MMapDirectory.class, dir.directory());
      try (IndexWriter writer = new IndexWriter(dir.directory(), new IndexWriterConfig())) {
        Document doc = new Document();
        doc.add(new StringField("id", "prod_a", Field.Store.NO));
        writer.addDocument(doc);
        writer.commit();
      }
      try (DirectoryReader reader = DirectoryReader.open(dir.directory())) {
        assertEquals(1, new IndexSearcher(reader).count(new TermQuery(new Term("id", "prod_a"))));
      }
      assertTrue(files(own) > 0, "the index is written to the node's directory");
    }
    assertFalse(Files.exists(own), "the node's directory is gone after close");
  }

  @Test
  void aDirectoryNoNodeHoldsIsRemovedAndHeldOrYoungOnesAreKept() throws Exception {
    Path abandoned = Files.createDirectory(parent.resolve(IndexDirectory.PREFIX + "killed"));
    Files.writeString(abandoned.resolve("_0.cfs"), "left by a killed node");
    Files.writeString(abandoned.resolve(IndexDirectory.NODE_LOCK), "");
    old(abandoned);
    Path young = Files.createDirectory(parent.resolve(IndexDirectory.PREFIX + "just-created"));
    Path unrelated = old(Files.createDirectory(parent.resolve("somebody-elses-files")));
    try (IndexDirectory live = IndexDirectory.open(parent.toString())) {
      old(live.path());
      try (IndexDirectory dir = IndexDirectory.open(parent.toString())) {
        assertFalse(Files.exists(abandoned), "a directory whose lock nobody holds is deleted");
        assertTrue(Files.exists(live.path()), "a running node's directory is kept");
        assertTrue(Files.exists(young), "a directory changed within the minute is kept");
        assertTrue(Files.exists(unrelated), "other directories are never touched");
        assertTrue(Files.exists(dir.path()));
      }
    }
  }

  @Test
  void aDirectoryLockedByAnotherProcessIsKeptUntilThatProcessEnds() throws Exception {
    Path other = old(Files.createDirectory(parent.resolve(IndexDirectory.PREFIX + "other-node")));
    Path program = parent.resolve("HoldLock.java");
    Files.writeString(
        program,
        """
        import java.nio.channels.FileChannel;
        import java.nio.file.*;
        public class HoldLock {
          public static void main(String[] a) throws Exception {
            try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); var l = c.lock()) {
              System.out.println("locked");
              System.out.flush();
              System.in.read();
            }
          }
        }
        """);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process node =
        new ProcessBuilder(
                java, program.toString(), other.resolve(IndexDirectory.NODE_LOCK).toString())
            .redirectErrorStream(true)
            .start();
    try {
      String line =
          new java.io.BufferedReader(new java.io.InputStreamReader(node.getInputStream()))
              .readLine();
      assertEquals("locked", line, "the other process holds the node lock");
      old(other);
      IndexDirectory.open(parent.toString()).close();
      assertTrue(Files.exists(other), "another process's locked directory is kept");
    } finally {
      node.getOutputStream().close();
      node.waitFor();
    }
    old(other);
    IndexDirectory.open(parent.toString()).close();
    assertFalse(Files.exists(other), "once that process has ended, its directory goes");
  }

  /** Dates the directory's last change back past the sweep's grace minute. */
  private static Path old(Path dir) throws Exception {
    Files.setLastModifiedTime(
        dir, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(300)));
    return dir;
  }

  @Test
  void memoryKeepsTheIndexInTheHeap() {
    try (IndexDirectory dir = IndexDirectory.open("memory")) {
      assertNull(dir.path());
      assertInstanceOf(ByteBuffersDirectory.class, dir.directory());
    }
  }

  @Test
  void aParentThatCannotBeWrittenFallsBackToTheHeap() throws Exception {
    Path file = Files.writeString(parent.resolve("a-file"), "not a directory");
    try (IndexDirectory dir = IndexDirectory.open(file.toString())) {
      assertNull(dir.path());
      assertInstanceOf(ByteBuffersDirectory.class, dir.directory());
    }
  }

  @Test
  void theCatalogIndexDeletesItsDirectoryWhenItCloses() throws Exception {
    CatalogIndex index = new CatalogIndex();
    index.indexDirectory = java.util.Optional.of(parent.toString());
    index.reader = new CatalogIndexRefreshTest.Store();
    index.build();
    assertEquals(1, directories(), "the built index has one directory under the parent");
    index.close();
    assertEquals(0, directories(), "and it is gone once the index closed");
  }

  @Test
  void aBuildThatFailsKeepsTheIndexItHadAndLeavesNoScratchDirectory() throws Exception {
    CatalogIndex index = new CatalogIndex();
    index.indexDirectory = java.util.Optional.of(parent.toString());
    CatalogIndexRefreshTest.Store store = new CatalogIndexRefreshTest.Store();
    index.reader = store;
    index.buildParts = 3;
    java.time.Instant t0 = java.time.Instant.parse("2026-11-21T10:00:00Z");
    for (int i = 0; i < 30; i++) {
      store.put(CatalogIndexRefreshTest.product(String.format("prod_%03d", i), t0));
    }
    store.batchSize = 4;
    try {
      index.build();
      store.failAfterBatches = 5; // two parts indexed, then the database goes away
      for (int i = 30; i < 40; i++) {
        store.put(CatalogIndexRefreshTest.product(String.format("prod_%03d", i), t0));
      }
      assertThrows(IllegalStateException.class, index::build);
      Path own;
      try (Stream<Path> entries = Files.list(parent)) {
        own = entries.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      try (Stream<Path> entries = Files.list(own)) {
        assertEquals(
            List.of(), entries.filter(Files::isDirectory).toList(), "no scratch directory left");
      }
      assertEquals(30, products(index), "the index built before is still served");
      store.failAfterBatches = -1;
      index.build();
      assertEquals(40, products(index));
    } finally {
      index.close();
    }
  }

  private static int products(CatalogIndex index) {
    return index.withSearcher(s -> s.getIndexReader().numDocs());
  }

  private long directories() throws Exception {
    try (Stream<Path> entries = Files.list(parent)) {
      return entries.filter(Files::isDirectory).count();
    }
  }

  private static long files(Path dir) throws Exception {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.count();
    }
  }
}
