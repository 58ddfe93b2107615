package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.SnapshotDeletionPolicy;
import org.apache.lucene.store.Directory;

/**
 * A copy of a node's index on storage the nodes of a fleet share ({@code ac.search.index-seed}), so
 * that a node that has no index of its own (a new node, a new host, a wiped volume) starts from the
 * copy and reads from the database only what changed since it was taken, not every product. Any
 * node publishes: after a full build, and when the copy is older than the publish interval.
 *
 * <p>Layout: each copy is a directory {@code <random>} holding one commit's files; the file {@code
 * CURRENT} names the newest, and is replaced atomically after the copy is complete, so a reader
 * never sees half a copy. The copy before it is kept (a node may still be reading it); older ones
 * are deleted. Publishing takes an operating-system lock on {@code publish.lock}, so two nodes
 * never publish at once (on a network file system whose locks do not hold, the worst case is a
 * wasted copy: CURRENT still names one complete copy). A copy is verified by the node that takes it
 * exactly as its own stored index would be (fingerprint, database, checksums) before it serves.
 */
final class IndexSeed {

  private static final Logger LOG = Logger.getLogger(IndexSeed.class.getName());

  static final String CURRENT = "CURRENT";
  static final String PUBLISH_LOCK = "publish.lock";

  private IndexSeed() {}

  /**
   * Copies the newest published copy into {@code into} (which must hold no index); false when there
   * is none or it cannot be read (the node then builds).
   */
  static boolean fetch(Path seed, Path into) {
    try {
      Path current = current(seed);
      if (current == null) {
        return false;
      }
      try (Stream<Path> files = Files.list(current)) {
        for (Path file : files.toList()) {
          Files.copy(
              file,
              into.resolve(file.getFileName().toString()),
              StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return true;
    } catch (IOException | UncheckedIOException e) {
      LOG.log(Level.WARNING, "The catalog index seed at " + seed + " cannot be read", e);
      return false;
    }
  }

  /** When the newest copy was published (its CURRENT file's time); null when there is none. */
  static Instant publishedAt(Path seed) {
    try {
      Path pointer = seed.resolve(CURRENT);
      return Files.exists(pointer) ? Files.getLastModifiedTime(pointer).toInstant() : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Publishes the last commit of the index: its files are held by {@code snapshots} while they are
   * copied, so a merge or a newer commit cannot delete them mid-copy. Answers false when another
   * node is publishing.
   */
  static boolean publish(SnapshotDeletionPolicy snapshots, Directory from, Path fromPath, Path seed)
      throws IOException {
    Files.createDirectories(seed);
    try (FileChannel channel =
            FileChannel.open(
                seed.resolve(PUBLISH_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = tryLock(channel)) {
      if (lock == null) {
        return false;
      }
      IndexCommit commit = snapshots.snapshot();
      String name = UUID.randomUUID().toString();
      Path incoming = seed.resolve(".incoming-" + name);
      try {
        Files.createDirectories(incoming);
        for (String file : commit.getFileNames()) {
          Files.copy(fromPath.resolve(file), incoming.resolve(file));
        }
        Files.move(incoming, seed.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        Path pointer = seed.resolve(".CURRENT-" + name);
        Files.writeString(pointer, name + "\n", StandardCharsets.UTF_8);
        String previous = currentName(seed);
        Files.move(
            pointer,
            seed.resolve(CURRENT),
            StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        removeOlder(seed, List.of(name, previous == null ? name : previous));
      } finally {
        snapshots.release(commit);
        if (Files.exists(incoming)) {
          delete(incoming);
        }
      }
      return true;
    }
  }

  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null; // this JVM publishes already
    }
  }

  private static String currentName(Path seed) throws IOException {
    Path pointer = seed.resolve(CURRENT);
    if (!Files.exists(pointer)) {
      return null;
    }
    String name = Files.readString(pointer, StandardCharsets.UTF_8).trim();
    return name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")
        ? null
        : name;
  }

  private static Path current(Path seed) throws IOException {
    String name = currentName(seed);
    if (name == null) {
      return null;
    }
    Path dir = seed.resolve(name);
    return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) ? dir : null;
  }

  /** Deletes the copies (and abandoned incoming ones) other than {@code keep}. */
  private static void removeOlder(Path seed, List<String> keep) throws IOException {
    try (Stream<Path> entries = Files.list(seed)) {
      entries
          .filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
          .filter(p -> !keep.contains(p.getFileName().toString()))
          .forEach(IndexSeed::delete);
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException | UncheckedIOException e) {
      LOG.log(Level.FINE, "Could not delete " + dir, e);
    }
  }
}
