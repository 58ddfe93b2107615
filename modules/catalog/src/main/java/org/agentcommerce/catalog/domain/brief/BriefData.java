package org.agentcommerce.catalog.domain.brief;

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
 * Reads the parser's word lists and tables: UTF-8 files beside this class in the same package.
 * Lines that are blank or start with {@code #} are skipped; the others keep their file order. A
 * missing or unreadable file, or a row with the wrong number of columns, fails with an {@link
 * IllegalStateException} naming the file. The files are read once, when the classes that hold them
 * are initialised.
 */
final class BriefData {

  private BriefData() {}

  /** The lines of a file, stripped, in file order: one entry per line. */
  static List<String> lines(String file) {
    // Class.getResourceAsStream, not the class loader's: it also finds the file when the catalog
    // runs as a named module whose brief package is not opened.
    InputStream stream = BriefData.class.getResourceAsStream(file);
    if (stream == null) {
      throw new IllegalStateException("brief parser data file missing: " + file);
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
      throw new IllegalStateException("brief parser data file unreadable: " + file, e);
    }
    if (out.isEmpty()) {
      throw new IllegalStateException("brief parser data file empty: " + file);
    }
    return List.copyOf(out);
  }

  /** The rows of a tab-separated file, each with exactly {@code columns} fields. */
  static List<String[]> rows(String file, int columns) {
    List<String[]> out = new ArrayList<>();
    for (String line : lines(file)) {
      String[] row = line.split("\t", -1);
      if (row.length != columns) {
        throw new IllegalStateException(
            "brief parser data file " + file + ": " + columns + " columns expected in: " + line);
      }
      out.add(row);
    }
    return out;
  }

  /** A two-column file as a map from the first column to the second, in file order. */
  static Map<String, String> table(String file) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String[] row : rows(file, 2)) {
      out.put(row[0], row[1]);
    }
    return Collections.unmodifiableMap(out);
  }

  /** The {@code |}-separated items of a field. */
  static List<String> items(String field) {
    return List.of(field.split("\\|"));
  }
}
