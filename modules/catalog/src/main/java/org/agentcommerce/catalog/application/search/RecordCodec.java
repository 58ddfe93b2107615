package org.agentcommerce.catalog.application.search;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.catalog.domain.product.ProductRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.OfferRecord;
import org.agentcommerce.catalog.domain.product.ProductRecord.VariantRecord;
import org.apache.lucene.search.IndexSearcher;

/**
 * The compact binary form of a product stored in the index: written once per indexing, read once
 * per hit, an order of magnitude faster than JSON binding. Versioned by its first byte. Kept in the
 * index as binary doc values ({@link IndexFields#STORED}), read back by {@link #records}.
 */
final class RecordCodec {

  private static final int VERSION = 1;

  private RecordCodec() {}

  static byte[] encode(ProductRecord p) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(VERSION);
      for (String s :
          new String[] {
            p.id(), p.merchantId(), p.merchantName(), p.merchantStatus(), p.merchantCurrency(),
            p.platform(), p.platformProductId(), p.handle(), p.title(), p.description(),
            p.vendor(), p.productType(), p.category(), p.catalogSurface(), p.ingredients(),
            p.imageUrl(), p.status(), p.productGroupId()
          }) {
        string(out, s);
      }
      list(out, p.tags());
      list(out, p.keyActives());
      list(out, p.skinTypes());
      list(out, p.concerns());
      instant(out, p.createdAt());
      instant(out, p.updatedAt());
      out.writeInt(p.variants().size());
      for (VariantRecord v : p.variants()) {
        string(out, v.platformVariantId());
        string(out, v.title());
        string(out, v.sku());
        string(out, v.optionsJson());
        string(out, v.imageUrl());
        out.writeInt(v.position());
        out.writeInt(v.offers().size());
        for (OfferRecord o : v.offers()) {
          string(out, o.market());
          string(out, o.currency());
          out.writeLong(o.priceMinor());
          out.writeBoolean(o.compareAtMinor() != null);
          if (o.compareAtMinor() != null) {
            out.writeLong(o.compareAtMinor());
          }
          out.writeInt(o.inventoryQuantity());
        }
      }
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ProductRecord decode(byte[] data, int offset, int length) {
    // Read in place, big-endian like DataOutputStream wrote it: no stream, no copies but the
    // strings'.
    ByteBuffer in = ByteBuffer.wrap(data, offset, length);
    int version = in.get();
    if (version != VERSION) {
      throw new IllegalStateException("unknown stored product version " + version);
    }
    String[] s = new String[18];
    for (int i = 0; i < s.length; i++) {
      s[i] = string(in);
    }
    List<String> tags = list(in);
    List<String> actives = list(in);
    List<String> skin = list(in);
    List<String> concerns = list(in);
    Instant created = instant(in);
    Instant updated = instant(in);
    int variantCount = in.getInt();
    List<VariantRecord> variants = new ArrayList<>(variantCount);
    for (int i = 0; i < variantCount; i++) {
      String id = string(in);
      String title = string(in);
      String sku = string(in);
      String options = string(in);
      String image = string(in);
      int position = in.getInt();
      int offerCount = in.getInt();
      List<OfferRecord> offers = new ArrayList<>(offerCount);
      for (int j = 0; j < offerCount; j++) {
        String market = string(in);
        String currency = string(in);
        long price = in.getLong();
        Long compareAt = in.get() != 0 ? in.getLong() : null;
        offers.add(new OfferRecord(market, currency, price, compareAt, in.getInt()));
      }
      variants.add(new VariantRecord(id, title, sku, options, image, position, offers));
    }
    return new ProductRecord(
        s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13],
        tags, actives, s[14], skin, concerns, s[15], s[16], s[17], created, updated, variants);
  }

  private static void string(DataOutputStream out, String s) throws IOException {
    out.writeBoolean(s != null);
    if (s != null) {
      byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      out.writeInt(utf8.length);
      out.write(utf8);
    }
  }

  private static String string(ByteBuffer in) {
    if (in.get() == 0) {
      return null;
    }
    int length = in.getInt();
    int at = in.position();
    in.position(at + length);
    return new String(in.array(), at, length, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static void list(DataOutputStream out, List<String> values) throws IOException {
    out.writeInt(values.size());
    for (String v : values) {
      string(out, v);
    }
  }

  private static List<String> list(ByteBuffer in) {
    int n = in.getInt();
    List<String> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      values.add(string(in));
    }
    return values;
  }

  private static void instant(DataOutputStream out, Instant t) throws IOException {
    out.writeBoolean(t != null);
    if (t != null) {
      out.writeLong(t.getEpochSecond());
      out.writeInt(t.getNano());
    }
  }

  private static Instant instant(ByteBuffer in) {
    return in.get() != 0 ? Instant.ofEpochSecond(in.getLong(), in.getInt()) : null;
  }

  /** The stored product of a search hit ({@code doc} as the searcher numbers it). */
  static ProductRecord record(IndexSearcher searcher, int doc) {
    return records(searcher, new int[] {doc}).get(0);
  }

  /**
   * The records of {@code docs} (ids of the searcher's reader), in that order. Each segment's
   * records are read with one doc-values iterator, in document order.
   */
  static List<ProductRecord> records(IndexSearcher searcher, int[] docs) {
    List<org.apache.lucene.index.LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    Integer[] order = new Integer[docs.length];
    for (int i = 0; i < docs.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> docs[i]));
    ProductRecord[] out = new ProductRecord[docs.length];
    org.apache.lucene.index.LeafReaderContext leaf = null;
    org.apache.lucene.index.BinaryDocValues values = null;
    try {
      for (int i : order) {
        int doc = docs[i];
        if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
          leaf = leaves.get(org.apache.lucene.index.ReaderUtil.subIndex(doc, leaves));
          values = leaf.reader().getBinaryDocValues(IndexFields.STORED);
        }
        if (values == null || !values.advanceExact(doc - leaf.docBase)) {
          throw new IllegalStateException("no record indexed for document " + doc);
        }
        org.apache.lucene.util.BytesRef bytes = values.binaryValue();
        out[i] = RecordCodec.decode(bytes.bytes, bytes.offset, bytes.length);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return java.util.Arrays.asList(out);
  }
}
