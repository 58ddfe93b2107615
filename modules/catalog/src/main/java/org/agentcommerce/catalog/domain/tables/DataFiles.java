package org.agentcommerce.catalog.domain.tables;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a word list or table: a UTF-8 file in the package of the class that owns it (under {@code
 * src/main/resources}). Lines that are blank or start with {@code #} are skipped; the others are
 * stripped and keep their file order. A missing, unreadable or empty file, a row with the wrong
 * number of columns, or a key given twice fails with an {@link IllegalStateException} naming the
 * file, so that a class holding such a table fails when it is initialised.
 */
public final class DataFiles {

  private DataFiles() {}

  /** The lines of {@code file} beside {@code owner}, stripped, in file order. */
  public static List<String> lines(Class<?> owner, String file) {
    String name = name(owner, file);
    // Class.getResourceAsStream, not the class loader's: it also finds the file when the catalog
    // runs as a named module whose package is not opened (the caller is in the same module).
    InputStream stream = owner.getResourceAsStream(file);
    if (stream == null) {
      throw new IllegalStateException("data file missing: " + name);
    }
    List<String> out = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        String s = line.strip();
        if (!s.isEmpty() && !s.startsWith("#")) {
          out.add(s);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("data file unreadable: " + name, e);
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("data file empty: " + name);
    }
    return List.copyOf(out);
  }

  /** The rows of a tab-separated {@code file} beside {@code owner}, each with {@code columns}. */
  public static List<String[]> rows(Class<?> owner, String file, int columns) {
    List<String[]> out = new ArrayList<>();
    for (String line : lines(owner, file)) {
      String[] row = line.split("\t", -1);
      if (row.length != columns) {
        throw new IllegalStateException(
            "data file " + name(owner, file) + ": " + columns + " columns expected in: " + line);
      }
      out.add(row);
    }
    return out;
  }

  /**
   * A two-column {@code file} beside {@code owner} as a map from the first column to the second, in
   * file order; each key once.
   */
  public static Map<String, String> table(Class<?> owner, String file) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String[] row : rows(owner, file, 2)) {
      if (out.putIfAbsent(row[0], row[1]) != null) {
        throw new IllegalStateException(
            "data file " + name(owner, file) + ": key given twice: " + row[0]);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** Where {@code file} is looked for: the owner's package as a resource path. */
  private static String name(Class<?> owner, String file) {
    return owner.getPackageName().replace('.', '/') + "/" + file;
  }
}
