package org.agentcommerce.catalog.application.search;

import org.agentcommerce.catalog.domain.product.ProductReader;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * The catalog index's schema: the names of its fields and of its commit data, how text is scored,
 * and how its writer is configured (the same for the serving index and a build's parts).
 */
final class IndexFields {

  private IndexFields() {}

  static final String ID = "id";
  static final String MERCHANT = "merchant_id";
  static final String PLATFORM_ID = "platform_product_id";
  static final String HANDLE = "merchant_handle";
  static final String VARIANT = "variant";
  static final String CATEGORY = "category";
  static final String SURFACE = "catalog_surface";
  static final String STATUS = "status";
  static final String GROUP = "group_id";
  static final String MARKET = "market";
  static final String IN_STOCK_MARKET = "in_stock_market";
  static final String HOME_PRICE = "price_home";
  static final String HOME_IN_STOCK = "in_stock_home";
  static final String VENDOR_KEY = "vendor_key";

  /**
   * The brand as the catalog spells it (sorted doc values): {@link CatalogIndex#vendors} after a
   * restart.
   */
  static final String VENDOR_NAME = "vendor_name";

  /** Commit data: the {@link IndexFingerprint} of the code that wrote the index. */
  static final String COMMIT_FINGERPRINT = "ac.fingerprint";

  /** Commit data: the database the index was built from ({@link ProductReader#identity}). */
  static final String COMMIT_DATABASE = "ac.database";

  /** Commit data: the change watermark the index is up to date with. */
  static final String COMMIT_WATERMARK = "ac.watermark";

  static final String TYPE_KEY = "product_type_key";
  static final String TAG_KEY = "tag_key";
  static final String STORED = "record";
  static final String UPDATED = "updated";

  /** The product id as sorted doc values: the order of documents in every segment. */
  static final String ID_ORDER = "id_order";

  private static final org.apache.lucene.search.Sort ID_ORDER_SORT =
      new org.apache.lucene.search.Sort(
          new org.apache.lucene.search.SortField(
              ID_ORDER, org.apache.lucene.search.SortField.Type.STRING));

  static final String INACTIVE = "inactive";
  static final String TITLE = "title";

  /**
   * Each pair of neighbouring title words as one term ({@link BeautyAnalyzers#pairs}): the bonus
   * for a title that says the shopper's words in their order, as terms whose maximum scores let
   * Lucene skip, where a phrase query's do not.
   */
  static final String TITLE_PAIRS = "title_pairs";

  /** Brand, product type and category. */
  static final String BRAND_TYPE = "brand_type";

  /** Key actives, concerns, tags and skin types. */
  static final String FACETS = "facets";

  static final String DESCRIPTION = "description";

  /**
   * The four text fields as one weighted field (BM25F): each word's frequency is the sum over the
   * fields of its count there times the field's weight (in quarters, see {@link #WEIGHT_UNITS}),
   * and the length is weighted the same way. One postings list per word, with real block maxima, is
   * what lets a search skip most products; the search scores it with {@link #SIMILARITY}.
   */
  static final String TEXT = "text";

  /** Field weights are indexed in quarters: 3.0 → 12. */
  static final int WEIGHT_UNITS = 4;

  /**
   * BM25 for every field, with k1 scaled by {@link #WEIGHT_UNITS} for {@link #TEXT} so that its
   * quarter-unit frequencies saturate as the weighted frequencies would (exact BM25F).
   */
  static final org.apache.lucene.search.similarities.Similarity SIMILARITY =
      new org.apache.lucene.search.similarities.PerFieldSimilarityWrapper() {
        private final BM25Similarity plain = new BM25Similarity();
        private final BM25Similarity weighted = new BM25Similarity(1.2f * WEIGHT_UNITS, 0.75f);

        @Override
        public org.apache.lucene.search.similarities.Similarity get(String name) {
          return TEXT.equals(name) ? weighted : plain;
        }
      };

  /** The configuration of the index's writer and of the parts of a build. */
  static IndexWriterConfig writerConfig() {
    IndexWriterConfig config = new IndexWriterConfig(BeautyAnalyzers.index());
    config.setSimilarity(SIMILARITY);
    config.setRAMBufferSizeMB(64);
    // every segment in id order: a refresh's segments too, and whatever a merge makes
    config.setIndexSort(ID_ORDER_SORT);
    return config;
  }
}
