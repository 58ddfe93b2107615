package org.agentcommerce.webapp.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of /metrics in the Prometheus text format, parsed into samples. */
public final class Prometheus {

  /** One sample line: a name, its labels and its value. */
  public record Sample(String name, Map<String, String> labels, double value) {}

  private static final Pattern LINE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)(?:\\s+\\S+)?$");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

  private final List<Sample> samples;
  private final String text;

  private Prometheus(List<Sample> samples, String text) {
    this.samples = samples;
    this.text = text;
  }

  public static Prometheus parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      line = line.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new AssertionError("not a Prometheus sample line: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
        }
      }
      samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
    }
    return new Prometheus(samples, text);
  }

  public List<Sample> samples() {
    return samples;
  }

  public String text() {
    return text;
  }

  /** Samples of {@code name} whose labels include all of {@code labels} (name, value pairs). */
  public List<Sample> find(String name, String... labels) {
    List<Sample> found = new ArrayList<>();
    for (Sample s : samples) {
      if (s.name().equals(name) && has(s, labels)) {
        found.add(s);
      }
    }
    return found;
  }

  /** The sum of the matching samples' values; 0 when there is none (a series not yet created). */
  public double sum(String name, String... labels) {
    return find(name, labels).stream().mapToDouble(Sample::value).sum();
  }

  /** Whether {@code name} has a sample at all (with these labels). */
  public boolean has(String name, String... labels) {
    return !find(name, labels).isEmpty();
  }

  private static boolean has(Sample s, String[] labels) {
    for (int i = 0; i + 1 < labels.length; i += 2) {
      if (!labels[i + 1].equals(s.labels().get(labels[i]))) {
        return false;
      }
    }
    return true;
  }
}
