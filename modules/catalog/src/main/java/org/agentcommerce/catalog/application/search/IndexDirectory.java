package org.agentcommerce.catalog.application.search;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.MMapDirectory;

/**
 * Where the catalog index lives while the node runs. The index is rebuilt from the database at
 * every start, so it is never kept: by default it is written to a directory of its own under the
 * JVM's temporary directory and memory-mapped (the operating system's page cache holds it, not the
 * heap), and that directory is deleted when the node stops. Searching a memory-mapped index costs
 * less CPU than the same index in heap buffers ({@link ByteBuffersDirectory}, whose every read and
 * clone goes through a list of buffers): measured 8 % less CPU per long-tail search on the 100k
 * catalog.
 *
 * <p>Each node's directory is named {@code ac-catalog-index-<random>} and holds a lock on its file
 * {@code node.lock} (an operating-system file lock) while the node runs. A directory whose lock
 * nobody holds, last changed over a minute ago, was left by a node that was killed: the next node
 * that opens its own under the same parent deletes it. The lock, not a process id, tells a live
 * node's directory, so nodes in containers that share a temporary directory never delete each
 * other's. {@code memory} keeps the index in the heap instead; a parent that cannot be written
 * falls back to the heap with a warning, so a node still starts. In the heap, {@code path} and
 * {@code lock} are null.
 */
record IndexDirectory(Directory directory, Path path, Lock lock) implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(IndexDirectory.class.getName());

  /** The setting that keeps the index in the heap. */
  static final String MEMORY = "memory";

  static final String PREFIX = "ac-catalog-index-";

  /** The file whose lock a running node holds in its directory. */
  static final String NODE_LOCK = "node.lock";

  /** A directory without a held lock is left alone this long after its last change. */
  static final Duration YOUNG = Duration.ofMinutes(1);

  /**
   * Opens a new, empty index directory: under {@code parent} (blank or null: the JVM's temporary
   * directory), or in the heap when {@code parent} is {@value #MEMORY}.
   */
  static IndexDirectory open(String parent) {
    if (parent != null && parent.trim().equalsIgnoreCase(MEMORY)) {
      return inHeap();
    }
    Path base =
        Path.of(parent == null || parent.isBlank() ? System.getProperty("java.io.tmpdir") : parent);
    try {
      Files.createDirectories(base);
      removeAbandoned(base);
      Path own = Files.createTempDirectory(base, PREFIX);
      try {
        MMapDirectory directory = new MMapDirectory(own);
        return new IndexDirectory(directory, own, directory.obtainLock(NODE_LOCK));
      } catch (IOException | UncheckedIOException e) {
        delete(own);
        throw e;
      }
    } catch (IOException | UncheckedIOException | SecurityException e) {
      LOG.log(
          Level.WARNING,
          "The catalog index cannot be written under "
              + base
              + " ("
              + e
              + "); it is kept in the heap instead (ac.search.index-directory)",
          e);
      return inHeap();
    }
  }

  /**
   * An empty scratch directory for one part of a build: inside this node's directory (so that it
   * goes with it), or in the heap when the index is. Give it back with {@link #drop}.
   */
  Directory scratch(String name) throws IOException {
    if (path == null) {
      return new ByteBuffersDirectory();
    }
    Path dir = path.resolve(name);
    if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      delete(dir); // a failed build's
    }
    return new MMapDirectory(Files.createDirectories(dir));
  }

  /** Closes a scratch directory and deletes its files. */
  void drop(String name, Directory scratch) {
    try {
      scratch.close();
    } catch (IOException e) {
      LOG.log(Level.FINE, "Closing a scratch directory of the catalog index", e);
    }
    if (path != null) {
      delete(path.resolve(name));
    }
  }

  /** The index in heap buffers: no path, no lock. */
  private static IndexDirectory inHeap() {
    return new IndexDirectory(new ByteBuffersDirectory(), null, null);
  }

  /** Closes the directory and deletes its files. */
  @Override
  public void close() {
    try (Closeable held = lock) {
      directory.close();
    } catch (IOException e) {
      LOG.log(Level.FINE, "Closing the catalog index directory", e);
    }
    if (path != null) {
      delete(path);
    }
  }

  /** Deletes the index directories under {@code base} that no running node holds. */
  static void removeAbandoned(Path base) throws IOException {
    try (Stream<Path> entries = Files.list(base)) {
      entries
          .filter(p -> p.getFileName().toString().startsWith(PREFIX))
          .filter(IndexDirectory::abandoned)
          .forEach(IndexDirectory::delete);
    }
  }

  /**
   * True when nobody holds the directory's node lock and it has not changed for {@link #YOUNG} (a
   * node takes its lock right after creating the directory).
   */
  private static boolean abandoned(Path dir) {
    try {
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
          || Files.getLastModifiedTime(dir).toInstant().isAfter(Instant.now().minus(YOUNG))) {
        return false;
      }
      try (Directory other = FSDirectory.open(dir);
          Lock probe = other.obtainLock(NODE_LOCK)) {
        return true;
      }
    } catch (IOException | UncheckedIOException e) {
      // LockObtainFailedException: a running node holds it. Anything else: not ours to judge.
      return false;
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(IndexDirectory::deleteOne);
    } catch (IOException | UncheckedIOException e) {
      LOG.log(Level.WARNING, "Could not delete the catalog index directory " + dir, e);
    }
  }

  private static void deleteOne(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
