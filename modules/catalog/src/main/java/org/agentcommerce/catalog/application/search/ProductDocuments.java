package org.agentcommerce.catalog.application.search;

import static org.agentcommerce.catalog.application.search.IndexFields.BRAND_TYPE;
import static org.agentcommerce.catalog.application.search.IndexFields.CATEGORY;
import static org.agentcommerce.catalog.application.search.IndexFields.DESCRIPTION;
import static org.agentcommerce.catalog.application.search.IndexFields.FACETS;
import static org.agentcommerce.catalog.application.search.IndexFields.GROUP;
import static org.agentcommerce.catalog.application.search.IndexFields.HANDLE;
import static org.agentcommerce.catalog.application.search.IndexFields.HOME_IN_STOCK;
import static org.agentcommerce.catalog.application.search.IndexFields.HOME_PRICE;
import static org.agentcommerce.catalog.application.search.IndexFields.ID;
import static org.agentcommerce.catalog.application.search.IndexFields.ID_ORDER;
import static org.agentcommerce.catalog.application.search.IndexFields.INACTIVE;
import static org.agentcommerce.catalog.application.search.IndexFields.IN_STOCK_MARKET;
import static org.agentcommerce.catalog.application.search.IndexFields.MARKET;
import static org.agentcommerce.catalog.application.search.IndexFields.MERCHANT;
import static org.agentcommerce.catalog.application.search.IndexFields.PLATFORM_ID;
import static org.agentcommerce.catalog.application.search.IndexFields.STATUS;
import static org.agentcommerce.catalog.application.search.IndexFields.STORED;
import static org.agentcommerce.catalog.application.search.IndexFields.SURFACE;
import static org.agentcommerce.catalog.application.search.IndexFields.TAG_KEY;
import static org.agentcommerce.catalog.application.search.IndexFields.TEXT;
import static org.agentcommerce.catalog.application.search.IndexFields.TITLE;
import static org.agentcommerce.catalog.application.search.IndexFields.TITLE_PAIRS;
import static org.agentcommerce.catalog.application.search.IndexFields.TYPE_KEY;
import static org.agentcommerce.catalog.application.search.IndexFields.UPDATED;
import static org.agentcommerce.catalog.application.search.IndexFields.VARIANT;
import static org.agentcommerce.catalog.application.search.IndexFields.VENDOR_KEY;
import static org.agentcommerce.catalog.application.search.IndexFields.WEIGHT_UNITS;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;

/**
 * A product as the catalog index holds it: one Lucene document with the exact fields that filters
 * and reads look up, the four text fields and their weighted sum ({@link CatalogIndex#TEXT}), the
 * title's word pairs, each market's lowest price as an indexed long and the whole record as doc
 * values. One instance serves every thread of a build (its analyzer keeps a token stream per
 * thread).
 */
final class ProductDocuments {

  /** Prices are indexed as major units × 1000: exact for every ISO currency exponent (≤ 3). */
  static final int PRICE_SCALE = 3;

  /** Indexed with frequencies (set per word) and norms, no positions. */
  private static final org.apache.lucene.document.FieldType WEIGHTED_TEXT = withFrequencies(true);

  /**
   * A pair of neighbouring title words: one term, once per product, with its frequency (always 1)
   * indexed only so that the postings carry impacts. Without them (a {@code StringField}) Lucene
   * bounds the pair's score as if its frequency were unbounded, 2.2 times its real score, and the
   * word-order bonus of a multi-word search let fewer blocks of products be skipped. The scores are
   * the same either way.
   */
  private static final org.apache.lucene.document.FieldType TITLE_PAIR = withFrequencies(false);

  /** Indexed with frequencies, no positions: analysed text with norms, or one term without. */
  private static org.apache.lucene.document.FieldType withFrequencies(boolean text) {
    var type = new org.apache.lucene.document.FieldType();
    type.setTokenized(text);
    type.setOmitNorms(!text);
    type.setIndexOptions(org.apache.lucene.index.IndexOptions.DOCS_AND_FREQS);
    type.freeze();
    return type;
  }

  private final org.apache.lucene.analysis.Analyzer textAnalyzer = BeautyAnalyzers.index();

  Document document(ProductRecord p) {
    Document d = new Document();
    d.add(new StringField(ID, p.id(), Field.Store.YES));
    d.add(new SortedDocValuesField(ID_ORDER, new BytesRef(p.id())));
    d.add(new StringField(MERCHANT, p.merchantId(), Field.Store.NO));
    d.add(
        new StringField(PLATFORM_ID, p.merchantId() + ":" + p.platformProductId(), Field.Store.NO));
    d.add(new StringField(HANDLE, p.merchantId() + ":" + p.handle(), Field.Store.NO));
    d.add(new StringField(CATEGORY, lower(p.category()), Field.Store.NO));
    d.add(new StringField(SURFACE, lower(p.catalogSurface()), Field.Store.NO));
    d.add(new StringField(STATUS, lower(p.status()), Field.Store.NO));
    if (!"active".equalsIgnoreCase(p.status())) {
      d.add(new StringField(INACTIVE, "true", Field.Store.NO));
    }
    if (p.productGroupId() != null) {
      d.add(new StringField(GROUP, p.productGroupId(), Field.Store.NO));
    }
    if (p.vendor() != null) {
      d.add(new StringField(VENDOR_KEY, lower(p.vendor()), Field.Store.NO));
      if (!p.vendor().isBlank()) {
        // as the catalog spells it: what a node restarted over its stored index reads back
        d.add(
            new org.apache.lucene.document.SortedDocValuesField(
                IndexFields.VENDOR_NAME, new org.apache.lucene.util.BytesRef(p.vendor())));
      }
    }
    if (p.productType() != null) {
      d.add(new StringField(TYPE_KEY, lower(p.productType()), Field.Store.NO));
    }
    for (String tag : p.tags()) {
      d.add(new StringField(TAG_KEY, lower(tag), Field.Store.NO));
    }
    String home = ProductViews.homeMarket(p);
    Set<String> markets = new HashSet<>();
    Set<String> stocked = new HashSet<>();
    for (VariantRecord v : p.variants()) {
      d.add(new StringField(VARIANT, p.merchantId() + ":" + v.platformVariantId(), Field.Store.NO));
      if (v.sku() != null) {
        d.add(new StringField(VARIANT, p.merchantId() + ":" + v.sku(), Field.Store.NO));
      }
      for (OfferRecord o : v.offers()) {
        markets.add(o.market());
        if (o.inventoryQuantity() > 0) {
          stocked.add(o.market());
        }
      }
    }
    for (String market : markets) {
      d.add(new StringField(MARKET, market, Field.Store.NO));
      Long min = minPrice(p, market);
      if (min != null) {
        d.add(new LongPoint(priceField(market), min));
      }
    }
    for (String market : stocked) {
      d.add(new StringField(IN_STOCK_MARKET, market, Field.Store.NO));
    }
    Long homePrice = home == null ? null : minPrice(p, home);
    if (homePrice != null) {
      d.add(new LongPoint(HOME_PRICE, homePrice));
      d.add(new NumericDocValuesField(HOME_PRICE, homePrice));
    }
    d.add(
        new StringField(
            HOME_IN_STOCK, String.valueOf(home != null && stocked.contains(home)), Field.Store.NO));
    String brandType = join(p.vendor(), p.productType(), p.category());
    String facets =
        join(
            String.join(", ", p.keyActives()),
            String.join(", ", p.concerns()),
            String.join(", ", p.tags()).replace('-', ' '),
            String.join(", ", p.skinTypes()));
    text(d, TITLE, p.title());
    if (p.title() != null) {
      java.util.Set<String> pairs = new java.util.TreeSet<>();
      BeautyAnalyzers.pairs(textAnalyzer, TITLE, p.title(), pairs::add);
      pairs.forEach(pair -> d.add(new Field(TITLE_PAIRS, pair, TITLE_PAIR)));
    }
    text(d, BRAND_TYPE, brandType);
    text(d, FACETS, facets);
    text(d, DESCRIPTION, p.description());
    java.util.Map<String, Integer> weighted = new java.util.TreeMap<>();
    weigh(weighted, TITLE, p.title());
    weigh(weighted, BRAND_TYPE, brandType);
    weigh(weighted, FACETS, facets);
    weigh(weighted, DESCRIPTION, p.description());
    if (!weighted.isEmpty()) {
      d.add(new Field(TEXT, new WeightedTerms(weighted), WEIGHTED_TEXT));
    }
    // Nanoseconds since the epoch: exact, so a node restarted over its stored index knows which
    // version of each product it holds (and sorts by newest as before).
    d.add(
        new NumericDocValuesField(UPDATED, p.updatedAt() == null ? 0 : epochNanos(p.updatedAt())));
    // The record as doc values, not a stored field: stored fields are compressed in blocks of many
    // documents, so reading one hit's record decompressed the whole block.
    d.add(
        new org.apache.lucene.document.BinaryDocValuesField(
            STORED, new org.apache.lucene.util.BytesRef(RecordCodec.encode(p))));
    return d;
  }

  /**
   * Adds each word of {@code value} as analysed for {@code field}, and each synonym phrase it has
   * as one word, times the field's weight.
   */
  private void weigh(java.util.Map<String, Integer> weighted, String field, String value) {
    if (value == null || value.isBlank()) {
      return;
    }
    int weight = Math.round(QueryWords.WEIGHTS.get(field) * WEIGHT_UNITS);
    BeautyAnalyzers.termsAndPhrases(
        textAnalyzer, field, value, t -> weighted.merge(t, weight, Integer::sum));
  }

  /** The words of one product with their weighted frequencies, as one token each. */
  private static final class WeightedTerms extends org.apache.lucene.analysis.TokenStream {
    private final java.util.Iterator<java.util.Map.Entry<String, Integer>> words;
    private final org.apache.lucene.analysis.tokenattributes.CharTermAttribute term =
        addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);
    private final org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute frequency =
        addAttribute(org.apache.lucene.analysis.tokenattributes.TermFrequencyAttribute.class);

    WeightedTerms(java.util.Map<String, Integer> weighted) {
      this.words = weighted.entrySet().iterator();
    }

    @Override
    public boolean incrementToken() {
      if (!words.hasNext()) {
        return false;
      }
      clearAttributes();
      java.util.Map.Entry<String, Integer> word = words.next();
      term.setEmpty().append(word.getKey());
      frequency.setTermFrequency(word.getValue());
      return true;
    }
  }

  static String priceField(String market) {
    return "price_" + market;
  }

  /** A major-unit amount as the indexed long (major × 1000). */
  static long scaled(BigDecimal major) {
    // Bounds first: a price filter of 1e20 or 1e-30000000 must neither overflow nor make
    // BigDecimal compute a huge power of ten.
    if (major.compareTo(MAX_PRICE) >= 0) {
      return Long.MAX_VALUE;
    }
    if (major.compareTo(MIN_PRICE) < 0) {
      return major.signum() < 0 ? Long.MIN_VALUE : 0;
    }
    return major
        .movePointRight(PRICE_SCALE)
        .setScale(0, java.math.RoundingMode.FLOOR)
        .longValueExact();
  }

  private static final BigDecimal MAX_PRICE = new BigDecimal("1e15");
  private static final BigDecimal MIN_PRICE = new BigDecimal("0.001");

  private static Long minPrice(ProductRecord p, String market) {
    Long min = null;
    for (VariantRecord v : p.variants()) {
      for (OfferRecord o : v.offers()) {
        if (o.market().equals(market)) {
          long scaled = scaled(ProductViews.major(o.priceMinor(), o.currency()));
          min = min == null ? scaled : Math.min(min, scaled);
        }
      }
    }
    return min;
  }

  private static String join(String... parts) {
    return String.join(
        " \n ", java.util.Arrays.stream(parts).filter(java.util.Objects::nonNull).toList());
  }

  private static void text(Document d, String field, String value) {
    if (value != null && !value.isBlank()) {
      d.add(new TextField(field, value, Field.Store.NO));
    }
  }

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }

  /** An instant as nanoseconds since the epoch (exact until the year 2262). */
  static long epochNanos(java.time.Instant at) {
    return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
  }
}
