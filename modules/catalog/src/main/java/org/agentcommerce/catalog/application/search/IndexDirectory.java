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
record IndexDirectory(Directory directory, Path path, Lock lock, boolean kept)
    implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(IndexDirectory.class.getName());

  /** The setting that keeps the index in the heap. */
  static final String MEMORY = "memory";

  static final String PREFIX = "ac-catalog-index-";

  /**
   * The directory a node keeps its index in between restarts, under the same parent: not named with
   * {@link #PREFIX}, so that the clean-up of abandoned directories never takes it.
   */
  static final String KEPT = "ac-catalog-store";

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
        return new IndexDirectory(directory, own, directory.obtainLock(NODE_LOCK), false);
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
   * The directory this node keeps its index in between restarts ({@value #KEPT} under {@code
   * parent}, as for {@link #open}), with its lock held; null when another running node holds it
   * (two nodes on one host, or a parent shared by containers), when it cannot be written, or when
   * the index lives in the heap: then the caller opens a directory of its own that goes at stop.
   */
  static IndexDirectory openKept(String parent) {
    if (parent != null && parent.trim().equalsIgnoreCase(MEMORY)) {
      return null;
    }
    Path base =
        Path.of(parent == null || parent.isBlank() ? System.getProperty("java.io.tmpdir") : parent);
    Path kept = base.resolve(KEPT);
    MMapDirectory directory = null;
    try {
      Files.createDirectories(kept);
      directory = new MMapDirectory(kept);
      IndexDirectory opened =
          new IndexDirectory(directory, kept, directory.obtainLock(NODE_LOCK), true);
      // a build's scratch directories, left by a node killed during a build
      try (Stream<Path> entries = Files.list(kept)) {
        entries
            .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
            .forEach(IndexDirectory::delete);
      }
      return opened;
    } catch (IOException | UncheckedIOException | SecurityException e) {
      LOG.info(
          () ->
              "The stored catalog index at "
                  + kept
                  + " is not this node's to use ("
                  + e
                  + "): this node builds an index of its own");
      if (directory != null) {
        try {
          directory.close();
        } catch (IOException ignored) {
          // nothing was opened in it
        }
      }
      return null;
    }
  }

  /**
   * Deletes every file of the index (a kept directory's lock stays held): before a full build over
   * a stored index that was refused.
   */
  void clear() throws IOException {
    for (String file : directory.listAll()) {
      if (!file.equals(NODE_LOCK)) {
        Path p = path == null ? null : path.resolve(file);
        if (p != null && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          delete(p);
        } else {
          directory.deleteFile(file);
        }
      }
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
    return new IndexDirectory(new ByteBuffersDirectory(), null, null, false);
  }

  /** Closes the directory and deletes its files, unless it is the kept one. */
  @Override
  public void close() {
    try (Closeable held = lock) {
      directory.close();
    } catch (IOException e) {
      LOG.log(Level.FINE, "Closing the catalog index directory", e);
    }
    if (path != null && !kept) {
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
