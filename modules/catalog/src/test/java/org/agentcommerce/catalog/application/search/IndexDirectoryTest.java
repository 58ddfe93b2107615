package org.agentcommerce.catalog.application.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
      assertTrue(
          own.getFileName()
              .toString()
              .startsWith(IndexDirectory.PREFIX + ProcessHandle.current().pid() + "-"));
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
  void aDirectoryLeftByAProcessThatNoLongerRunsIsRemovedAndALiveOneKept() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path abandoned =
        Files.createDirectory(parent.resolve(IndexDirectory.PREFIX + gone.pid() + "-1"));
    Files.writeString(abandoned.resolve("_0.cfs"), "left by a killed node");
    Path live =
        Files.createDirectory(
            parent.resolve(IndexDirectory.PREFIX + ProcessHandle.current().pid() + "-other"));
    Path unrelated = Files.createDirectory(parent.resolve("somebody-elses-files"));

    try (IndexDirectory dir = IndexDirectory.open(parent.toString())) {
      assertFalse(Files.exists(abandoned), "a dead process's index directory is deleted");
      assertTrue(Files.exists(live), "a running process's index directory is kept");
      assertTrue(Files.exists(unrelated), "other directories are never touched");
      assertTrue(Files.exists(dir.path()));
    }
    assertTrue(Files.exists(live));
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
