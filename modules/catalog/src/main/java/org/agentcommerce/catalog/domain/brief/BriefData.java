package org.agentcommerce.catalog.domain.brief;

import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.domain.tables.DataFiles;

/**
 * Reads the parser's word lists and tables: UTF-8 files beside this class in the same package, read
 * by {@link DataFiles} (blank and {@code #} lines skipped, file order kept). A missing or
 * unreadable file, or a row with the wrong number of columns, fails with an {@link
 * IllegalStateException} naming the file. The files are read once, when the classes that hold them
 * are initialised.
 */
final class BriefData {

  private BriefData() {}

  /** The lines of a file, stripped, in file order: one entry per line. */
  static List<String> lines(String file) {
    return DataFiles.lines(BriefData.class, file);
  }

  /** The rows of a tab-separated file, each with exactly {@code columns} fields. */
  static List<String[]> rows(String file, int columns) {
    return DataFiles.rows(BriefData.class, file, columns);
  }

  /** A two-column file as a map from the first column to the second, in file order. */
  static Map<String, String> table(String file) {
    return DataFiles.table(BriefData.class, file);
  }

  /** The {@code |}-separated items of a field. */
  static List<String> items(String field) {
    return List.of(field.split("\\|"));
  }
}
