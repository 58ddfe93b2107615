package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
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
 * <p>Each node's directory is named {@code ac-catalog-index-<pid>-<random>}; a directory left by a
 * process that no longer runs (a node that was killed) is deleted when the next node opens its own
 * under the same parent. {@code memory} keeps the index in the heap instead; a parent that cannot
 * be written falls back to the heap with a warning, so a node still starts.
 */
final class IndexDirectory implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(IndexDirectory.class.getName());

  /** The setting that keeps the index in the heap. */
  static final String MEMORY = "memory";

  static final String PREFIX = "ac-catalog-index-";

  private final Directory directory;
  private final Path path;

  private IndexDirectory(Directory directory, Path path) {
    this.directory = directory;
    this.path = path;
  }

  /**
   * Opens a new, empty index directory: under {@code parent} (blank or null: the JVM's temporary
   * directory), or in the heap when {@code parent} is {@value #MEMORY}.
   */
  static IndexDirectory open(String parent) {
    if (parent != null && parent.trim().equalsIgnoreCase(MEMORY)) {
      return new IndexDirectory(new ByteBuffersDirectory(), null);
    }
    Path base =
        Path.of(parent == null || parent.isBlank() ? System.getProperty("java.io.tmpdir") : parent);
    try {
      Files.createDirectories(base);
      removeAbandoned(base);
      Path own = Files.createTempDirectory(base, PREFIX + ProcessHandle.current().pid() + "-");
      return new IndexDirectory(new MMapDirectory(own), own);
    } catch (IOException | UncheckedIOException | SecurityException e) {
      LOG.log(
          Level.WARNING,
          "The catalog index cannot be written under "
              + base
              + " ("
              + e
              + "); it is kept in the heap instead (ac.search.index-directory)",
          e);
      return new IndexDirectory(new ByteBuffersDirectory(), null);
    }
  }

  Directory directory() {
    return directory;
  }

  /** The directory on disk, or null when the index is in the heap. */
  Path path() {
    return path;
  }

  /** Closes the directory and deletes its files. */
  @Override
  public void close() {
    try {
      directory.close();
    } catch (IOException e) {
      LOG.log(Level.FINE, "Closing the catalog index directory", e);
    }
    if (path != null) {
      delete(path);
    }
  }

  /** Deletes the index directories under {@code base} whose process no longer runs. */
  static void removeAbandoned(Path base) throws IOException {
    try (Stream<Path> entries = Files.list(base)) {
      entries
          .filter(Files::isDirectory)
          .filter(p -> abandoned(p.getFileName().toString()))
          .forEach(IndexDirectory::delete);
    }
  }

  private static boolean abandoned(String name) {
    if (!name.startsWith(PREFIX)) {
      return false;
    }
    int end = name.indexOf('-', PREFIX.length());
    if (end < 0) {
      return false;
    }
    try {
      long pid = Long.parseLong(name.substring(PREFIX.length(), end));
      return ProcessHandle.of(pid).isEmpty();
    } catch (NumberFormatException e) {
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
