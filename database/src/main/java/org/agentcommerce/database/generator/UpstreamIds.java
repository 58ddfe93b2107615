package org.agentcommerce.database.generator;

import java.util.ArrayList;
import java.util.List;

/**
 * Product and variant ids as each merchant's platform hands them out: Shopify's 13-digit product
 * and 14-digit variant ids, WooCommerce post ids (a variable product's variations follow it),
 * BigCommerce's small sequential ids, and the local catalog's own string ids.
 */
final class UpstreamIds {

  private final Merchant merchant;
  private final Rng rng;
  private long nextProduct;
  private long nextVariant;

  UpstreamIds(Merchant merchant, Rng rng) {
    this.merchant = merchant;
    this.rng = rng;
    this.nextProduct = merchant.firstProductId();
    this.nextVariant = merchant.firstVariantId();
  }

  /** The ids of the next demo product with {@code variants} variants. */
  ProductFactory.Upstream next(int variants) {
    List<String> ids = new ArrayList<>();
    String product;
    switch (merchant.platform()) {
      case "shopify" -> {
        product = Long.toString(nextProduct);
        nextProduct += rng.between(40_000, 4_000_000);
        long v = nextVariant;
        for (int i = 0; i < variants; i++) {
          ids.add(Long.toString(v));
          v += rng.between(1, 3);
        }
        nextVariant = v + rng.between(500_000, 60_000_000);
      }
      case "woocommerce" -> {
        long post = nextProduct;
        product = Long.toString(post);
        if (variants == 1) {
          ids.add(product);
        } else {
          for (int i = 1; i <= variants; i++) {
            ids.add(Long.toString(post + i));
          }
        }
        nextProduct = post + variants + 1 + rng.between(0, 12);
      }
      case "bigcommerce" -> {
        product = Long.toString(nextProduct);
        nextProduct += rng.between(1, 3);
        for (int i = 0; i < variants; i++) {
          ids.add(Long.toString(nextVariant++));
        }
        nextVariant += rng.between(0, 2);
      }
      default -> {
        product = "NN-" + nextProduct++;
        for (int i = 1; i <= variants; i++) {
          ids.add(product + "-" + i);
        }
      }
    }
    return new ProductFactory.Upstream(product, ids);
  }

  /** The ids of benchmark product {@code n}: ranges no demo id reaches. */
  static ProductFactory.Upstream bench(Merchant merchant, long n, int variants) {
    List<String> ids = new ArrayList<>();
    String product;
    switch (merchant.platform()) {
      case "shopify" -> {
        product = Long.toString(9_600_000_000_000L + n * 7);
        for (int i = 1; i <= variants; i++) {
          ids.add(Long.toString(49_000_000_000_000L + n * 5 + i));
        }
      }
      case "woocommerce" -> {
        long post = 2_000_000L + n * 5;
        product = Long.toString(post);
        for (int i = 1; i <= variants; i++) {
          ids.add(Long.toString(variants == 1 ? post : post + i));
        }
      }
      case "bigcommerce" -> {
        product = Long.toString(500_000L + n);
        for (int i = 1; i <= variants; i++) {
          ids.add(Long.toString(5_000_000L + n * 4 + i));
        }
      }
      default -> {
        product = "NN-B" + n;
        for (int i = 1; i <= variants; i++) {
          ids.add(product + "-" + i);
        }
      }
    }
    return new ProductFactory.Upstream(product, ids);
  }
}
