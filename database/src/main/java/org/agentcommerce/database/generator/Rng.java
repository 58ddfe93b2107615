package org.agentcommerce.database.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded random source. {@link Random}'s algorithm is fixed by its specification, so the same
 * seed string gives the same sequence on every JVM; shuffles are done here for the same reason.
 */
final class Rng {

  private final Random random;

  Rng(String seed) {
    this.random = new Random(Ids.seed(seed));
  }

  int nextInt(int bound) {
    return random.nextInt(bound);
  }

  /** A number from {@code low} to {@code high}, both included. */
  int between(int low, int high) {
    return low + random.nextInt(high - low + 1);
  }

  double nextDouble() {
    return random.nextDouble();
  }

  double between(double low, double high) {
    return low + (high - low) * random.nextDouble();
  }

  boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  <T> T pick(List<T> items) {
    return items.get(random.nextInt(items.size()));
  }

  /** A uniformly shuffled copy (Fisher-Yates). */
  <T> List<T> shuffled(List<T> items) {
    List<T> copy = new ArrayList<>(items);
    for (int i = copy.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      T t = copy.get(i);
      copy.set(i, copy.get(j));
      copy.set(j, t);
    }
    return copy;
  }

  /** {@code count} distinct items, kept in their original order. */
  <T> List<T> sample(List<T> items, int count) {
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      indexes.add(i);
    }
    List<Integer> chosen = new ArrayList<>(shuffled(indexes).subList(0, count));
    chosen.sort(null);
    List<T> out = new ArrayList<>(count);
    for (int i : chosen) {
      out.add(items.get(i));
    }
    return out;
  }

  /** An index drawn with the given relative weights. */
  int weighted(double... weights) {
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double x = random.nextDouble() * total;
    for (int i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }
}
