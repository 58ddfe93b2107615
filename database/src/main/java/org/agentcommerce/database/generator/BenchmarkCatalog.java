package org.agentcommerce.database.generator;

import java.io.PrintStream;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A large catalog for load and search benchmarks: {@code count} products spread over the six active
 * demo merchants, made by the same {@link ProductFactory} as the demo catalog. Ids derive from
 * {@code "bench:product:" + n} and platform ids sit in ranges the demo never uses, so a benchmark
 * catalog loads next to the demo catalog.
 */
final class BenchmarkCatalog {

  /** Rows are committed once at least this many have been written since the last commit. */
  static final int ROWS_PER_TRANSACTION = 5_000;

  private static final LocalDateTime START = LocalDateTime.of(2026, 1, 6, 0, 0);
  private static final double OFF_VERTICAL_SHARE = 0.02;
  private static final double CAD_SHARE = 0.04;

  private BenchmarkCatalog() {}

  /** Called after each product with the total rows written so far. */
  interface Progress {
    void product(long done, long rows) throws Exception;
  }

  /**
   * Writes products {@code first} to {@code first + count - 1}; returns the number of rows. {@code
   * progress} may commit.
   */
  static long write(long first, long count, RowSink sink, Progress progress) throws Exception {
    List<Merchant> merchants = Merchant.ACTIVE;
    double[] merchantWeights = new double[merchants.size()];
    List<double[]> brandWeights = new ArrayList<>();
    for (int i = 0; i < merchants.size(); i++) {
      List<Assortments.Stock> stock = Assortments.of(merchants.get(i));
      double[] w = new double[stock.size()];
      for (int j = 0; j < stock.size(); j++) {
        w[j] = stock.get(j).count();
        merchantWeights[i] += w[j];
      }
      brandWeights.add(w);
    }
    long rows = 0;
    for (long k = 0; k < count; k++) {
      long n = first + k;
      Rng rng = new Rng("bench:product:" + n);
      int mi = rng.weighted(merchantWeights);
      Merchant merchant = merchants.get(mi);
      ProductSpec spec;
      List<GeneralItems.Item> general = Assortments.general(merchant);
      if (!general.isEmpty() && rng.chance(OFF_VERTICAL_SHARE * 3)) {
        spec = GeneralItems.spec(rng.pick(general), (int) (n % 10_000), rng);
      } else {
        Brand brand = Assortments.of(merchant).get(rng.weighted(brandWeights.get(mi))).brand();
        spec = ProductFactory.spec(brand, null, rng, (int) (n % 10_000));
      }
      LocalDateTime created = START.plusMinutes(rng.between(0, 170 * 24 * 60));
      LocalDateTime updated = created.plusMinutes(rng.between(0, 20 * 24 * 60));
      String key = "bench:product:" + n;
      Rows.Listing l =
          ProductFactory.list(
              spec,
              merchant,
              key,
              UpstreamIds.bench(merchant, n, spec.options().size()),
              Ids.kebab(spec.title()) + "-" + n,
              created,
              updated,
              "B" + n,
              null,
              rng);
      sink.row(Table.PRODUCTS, l.product().values());
      rows++;
      for (Rows.Variant v : l.variants()) {
        sink.row(Table.VARIANTS, v.values());
        rows++;
      }
      for (Rows.Offer o : l.offers()) {
        sink.row(Table.OFFERS, o.values());
        rows++;
      }
      if (merchant.region().equals("US")) {
        for (Rows.Variant v : l.variants()) {
          if (rng.chance(CAD_SHARE)) {
            Kind.Option option = spec.options().get(v.position() - 1);
            Rows.Offer ca =
                ProductFactory.offer(
                    key,
                    v,
                    merchant,
                    "CA",
                    "CAD",
                    spec.usdBase() * option.factor(),
                    spec.onSale(),
                    updated,
                    rng);
            sink.row(Table.OFFERS, ca.values());
            rows++;
          }
        }
      }
      progress.product(k + 1, rows);
    }
    return rows;
  }

  /** Loads {@code count} products over JDBC and reports progress and speed on {@code out}. */
  static long load(JdbcSink sink, long first, long count, PrintStream out) throws Exception {
    long start = System.nanoTime();
    long[] sinceCommit = {0, 0};
    long step = Math.max(1, count / 10);
    long rows =
        write(
            first,
            count,
            sink,
            (done, total) -> {
              if (total - sinceCommit[0] >= ROWS_PER_TRANSACTION) {
                sink.commit();
                sinceCommit[0] = total;
              }
              if (done % step == 0 || done == count) {
                double seconds = (System.nanoTime() - start) / 1e9;
                out.printf(
                    Locale.ROOT,
                    "%3d%%  %,d products  %,d rows  %.1f s  %,.0f rows/s%n",
                    done * 100 / count,
                    done,
                    total,
                    seconds,
                    total / Math.max(seconds, 1e-9));
              }
            });
    sink.commit();
    double seconds = (System.nanoTime() - start) / 1e9;
    out.printf(
        Locale.ROOT,
        "Loaded %,d products (%,d rows: %s) in %.1f s: %,.0f rows/s, %,.0f products/s%n",
        count,
        rows,
        sink.rowsByTable(),
        seconds,
        rows / seconds,
        count / seconds);
    return rows;
  }
}
