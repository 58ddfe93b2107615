package org.agentcommerce.database.generator;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The demo catalog: every row of {@code V1001__demo_catalog.sql}, built deterministically from the
 * vocabulary (seeded by stable strings, no clock, lists only in fixed order).
 */
final class DemoCatalog {

  record Group(
      String id,
      String title,
      String brand,
      String canonicalProductId,
      LocalDateTime createdAt,
      List<String> members) {}

  record ClaimRow(String id, String productId, int position, String claim, String citationId) {}

  record Intel(
      String productId,
      boolean reviewed,
      String bestFor,
      String why,
      LocalDateTime updatedAt,
      List<ClaimRow> claims) {}

  record Alias(String alias, String productId) {}

  private static final LocalDateTime LAST_UPDATE = LocalDateTime.of(2026, 6, 30, 18, 0);
  private static final int CAD_OFFERS = 40;

  final List<Rows.Listing> listings = new ArrayList<>();
  final List<Rows.Offer> extraOffers = new ArrayList<>();
  final List<Group> groups = new ArrayList<>();
  final Evidence evidence = new Evidence();
  final List<Intel> intel = new ArrayList<>();
  final List<Alias> aliases = new ArrayList<>();

  private final Set<String> titles = new HashSet<>();
  private final Map<String, Integer> brandSeq = new HashMap<>();

  /** What a merchant will list, before it is numbered. */
  private record Entry(ProductSpec spec, String skuSuffix, int sharedIndex) {}

  static DemoCatalog build() {
    DemoCatalog c = new DemoCatalog();
    c.generate();
    return c;
  }

  private void generate() {
    // Shared products first, so their titles are taken before single-seller products.
    List<ProductSpec> sharedSpecs = new ArrayList<>();
    for (int i = 0; i < Assortments.SHARED.size(); i++) {
      Assortments.Shared s = Assortments.SHARED.get(i);
      sharedSpecs.add(uniqueSpec(s.brand(), s.kind(), new Rng("demo:shared:" + i)));
    }

    Map<Integer, List<Rows.Listing>> sharedListings = new HashMap<>();
    for (Merchant merchant : Merchant.ALL) {
      Rng rng = new Rng("demo:assortment:" + merchant.id());
      List<Entry> entries = new ArrayList<>();
      for (Assortments.Stock stock : Assortments.of(merchant)) {
        for (int k = 0; k < stock.count(); k++) {
          entries.add(new Entry(uniqueSpec(stock.brand(), null, rng), null, -1));
        }
      }
      int generalSeq = 0;
      for (GeneralItems.Item item : Assortments.general(merchant)) {
        entries.add(new Entry(GeneralItems.spec(item, ++generalSeq, rng), null, -1));
      }
      for (int i = 0; i < Assortments.SHARED.size(); i++) {
        List<Merchant> sellers = Assortments.SHARED.get(i).merchants();
        int at = sellers.indexOf(merchant);
        if (at >= 0) {
          entries.add(new Entry(sharedSpecs.get(i), at == 0 ? null : merchant.code(), i));
        }
      }

      // Products arrive over time, shared ones among the rest.
      List<Entry> ordered = rng.shuffled(entries);
      UpstreamIds upstream = new UpstreamIds(merchant, new Rng("demo:upstream:" + merchant.id()));
      Set<String> handles = new HashSet<>();
      LocalDateTime clock = merchant.createdAt().plusHours(2);
      int n = 0;
      for (Entry e : ordered) {
        n++;
        clock = clock.plusMinutes(rng.between(30, 24 * 60));
        LocalDateTime created = clock;
        LocalDateTime updated = created.plusMinutes(rng.between(0, 30 * 24 * 60));
        if (updated.isAfter(LAST_UPDATE)) {
          updated = LAST_UPDATE;
        }
        String handle = Ids.kebab(e.spec().title());
        if (!handles.add(handle)) {
          throw new IllegalStateException("Duplicate handle " + handle + " at " + merchant.id());
        }
        Rows.Listing listing =
            ProductFactory.list(
                e.spec(),
                merchant,
                "demo:product:" + merchant.id() + ":" + n,
                upstream.next(e.spec().options().size()),
                handle,
                created,
                updated,
                String.format(Locale.ROOT, "%04d", e.spec().brandSeq()),
                e.skuSuffix(),
                new Rng("demo:listing:" + merchant.id() + ":" + n));
        listings.add(listing);
        if (e.sharedIndex() >= 0) {
          sharedListings.computeIfAbsent(e.sharedIndex(), k -> new ArrayList<>()).add(listing);
        }
      }
    }

    // Product groups: one per shared product, canonical = the first seller's listing.
    for (int i = 0; i < Assortments.SHARED.size(); i++) {
      Assortments.Shared shared = Assortments.SHARED.get(i);
      List<Rows.Listing> members = new ArrayList<>(sharedListings.get(i));
      members.sort(
          (a, b) ->
              Integer.compare(
                  shared.merchants().indexOf(a.merchant()),
                  shared.merchants().indexOf(b.merchant())));
      LocalDateTime created = members.get(0).product().createdAt();
      List<String> ids = new ArrayList<>();
      for (Rows.Listing l : members) {
        ids.add(l.product().id());
        if (l.product().createdAt().isAfter(created)) {
          created = l.product().createdAt();
        }
      }
      groups.add(
          new Group(
              Ids.id("grp", "demo:group:" + i),
              sharedSpecs.get(i).title(),
              sharedSpecs.get(i).vendor(),
              members.get(0).product().id(),
              created.plusDays(1),
              ids));
    }

    // A second market for some US listings: Canada, in CAD.
    List<Rows.Variant> usVariants = new ArrayList<>();
    Map<String, Rows.Listing> listingOfVariant = new HashMap<>();
    for (Rows.Listing l : listings) {
      if (l.merchant().region().equals("US") && l.product().status().equals("active")) {
        for (Rows.Variant v : l.variants()) {
          usVariants.add(v);
          listingOfVariant.put(v.id(), l);
        }
      }
    }
    Rng caRng = new Rng("demo:ca-offers");
    for (Rows.Variant v : caRng.sample(usVariants, CAD_OFFERS)) {
      Rows.Listing l = listingOfVariant.get(v.id());
      Kind.Option option = l.spec().options().get(v.position() - 1);
      extraOffers.add(
          ProductFactory.offer(
              l.product().id(),
              v,
              l.merchant(),
              "CA",
              "CAD",
              l.spec().usdBase() * option.factor(),
              l.spec().onSale(),
              l.product().updatedAt(),
              caRng));
    }

    // Intel: a third of the beauty listings at active merchants, plus every group's canonical.
    Set<String> canonical = new HashSet<>();
    for (Group g : groups) {
      canonical.add(g.canonicalProductId());
    }
    int index = 0;
    for (Rows.Listing l : listings) {
      if (!l.merchant().active()
          || l.spec().category() == Category.OTHER
          || !l.product().status().equals("active")) {
        continue;
      }
      boolean pick = index++ % 3 == 0 || canonical.contains(l.product().id());
      if (!pick) {
        continue;
      }
      String productId = l.product().id();
      Rng rng = new Rng("demo:intel:" + productId);
      List<Evidence.Claim> claims = evidence.claims(l.spec().evidence(), rng.between(2, 4), rng);
      if (claims.size() < 2) {
        continue;
      }
      String why = l.spec().why();
      if (l.spec().category() != Category.FRAGRANCE) {
        Evidence.Topic topic = evidence.topic(claims.get(0).citation().topicKey());
        why +=
            " The evidence for "
                + topic.display()
                + " is "
                + (topic.strength().equals("early") ? "still early" : topic.strength())
                + ".";
      }
      List<ClaimRow> rows = new ArrayList<>();
      for (int p = 0; p < claims.size(); p++) {
        rows.add(
            new ClaimRow(
                Ids.id("clm", "demo:claim:" + productId + ":" + (p + 1)),
                productId,
                p + 1,
                claims.get(p).text(),
                claims.get(p).citation().id()));
      }
      intel.add(
          new Intel(
              productId,
              !rng.chance(0.1),
              l.spec().bestFor(),
              why,
              l.product().updatedAt().plusDays(2),
              rows));
    }

    // Aliases for about one listing in eight: the canonical ref and the product page URL.
    int k = 0;
    for (Rows.Listing l : listings) {
      if (!l.merchant().active()) {
        continue;
      }
      if (k++ % 8 == 3) {
        aliases.add(new Alias(l.merchant().id() + ":" + l.product().handle(), l.product().id()));
        aliases.add(new Alias(l.pageUrl(), l.product().id()));
      }
    }
  }

  /** A spec whose brand and title are not taken yet. */
  private ProductSpec uniqueSpec(Brand brand, Kind kind, Rng rng) {
    for (int attempt = 0; attempt < 60; attempt++) {
      int seq = brandSeq.getOrDefault(brand.name(), 0) + 1;
      ProductSpec spec = ProductFactory.spec(brand, kind, rng, seq);
      if (titles.add(spec.title().toLowerCase(Locale.ROOT))) {
        brandSeq.put(brand.name(), seq);
        return spec;
      }
    }
    throw new IllegalStateException("No free title left for " + brand.name() + " " + kind);
  }

  /** Writes the whole catalog, table by table. */
  void write(RowSink sink) throws Exception {
    sink.comment("Merchants: catalogs are local; currencies and catalog base URLs.");
    for (String currency : List.of("USD", "EUR", "JPY")) {
      List<String> ids = new ArrayList<>();
      for (Merchant m : Merchant.ALL) {
        if (m.currency().equals(currency)) {
          ids.add("'" + m.id() + "'");
        }
      }
      sink.statement(
          "UPDATE merchants SET catalog_source = 'local', catalog_base_url = store_url,"
              + " default_currency = '"
              + currency
              + "' WHERE id IN ("
              + String.join(", ", ids)
              + ")");
    }
    sink.comment("What each merchant can take as payment, and where it sells.");
    for (Merchant m : Merchant.ALL) {
      for (String[] cap : Assortments.capabilities(m)) {
        sink.row(Table.MERCHANT_CAPABILITIES, m.id(), cap[0], cap[1]);
      }
    }
    sink.comment("Products.");
    for (Rows.Listing l : listings) {
      sink.row(Table.PRODUCTS, l.product().values());
    }
    sink.comment("Variants (the merchants' real upstream variants).");
    for (Rows.Listing l : listings) {
      for (Rows.Variant v : l.variants()) {
        sink.row(Table.VARIANTS, v.values());
      }
    }
    sink.comment("Offers: price and stock per variant in the merchant's home market.");
    for (Rows.Listing l : listings) {
      for (Rows.Offer o : l.offers()) {
        sink.row(Table.OFFERS, o.values());
      }
    }
    sink.comment("Offers in a second market: Canada, in CAD.");
    for (Rows.Offer o : extraOffers) {
      sink.row(Table.OFFERS, o.values());
    }
    sink.comment("Multi-seller product groups.");
    for (Group g : groups) {
      sink.row(
          Table.PRODUCT_GROUPS,
          g.id(),
          g.title(),
          g.brand(),
          g.canonicalProductId(),
          g.createdAt());
    }
    for (Group g : groups) {
      for (String member : g.members()) {
        sink.row(Table.PRODUCT_GROUP_MEMBERS, g.id(), member);
      }
    }
    sink.comment("Citations (all publishers are fictional; URLs are on .example domains).");
    for (Evidence.Citation c : evidence.citations()) {
      sink.row(
          Table.CITATIONS,
          c.id(),
          c.kind(),
          c.title(),
          c.publisher(),
          c.url(),
          c.publishedOn(),
          c.excerpt(),
          c.topics());
    }
    sink.comment("Product intel and its cited claims.");
    for (Intel i : intel) {
      sink.row(
          Table.PRODUCT_INTEL, i.productId(), i.reviewed(), i.bestFor(), i.why(), i.updatedAt());
    }
    for (Intel i : intel) {
      for (ClaimRow c : i.claims()) {
        sink.row(
            Table.INTEL_CLAIMS, c.id(), c.productId(), c.position(), c.claim(), c.citationId());
      }
    }
    sink.comment("Aliases: canonical refs and product page URLs.");
    for (Alias a : aliases) {
      sink.row(Table.PRODUCT_ALIASES, a.alias(), a.productId());
    }
    sink.flush();
  }

  /** Row counts by table. */
  Map<Table, Integer> counts() {
    Map<Table, Integer> counts = new java.util.EnumMap<>(Table.class);
    int caps = 0;
    for (Merchant m : Merchant.ALL) {
      caps += Assortments.capabilities(m).size();
    }
    int variants = 0;
    int offers = extraOffers.size();
    for (Rows.Listing l : listings) {
      variants += l.variants().size();
      offers += l.offers().size();
    }
    int members = 0;
    for (Group g : groups) {
      members += g.members().size();
    }
    int claims = 0;
    for (Intel i : intel) {
      claims += i.claims().size();
    }
    counts.put(Table.MERCHANT_CAPABILITIES, caps);
    counts.put(Table.PRODUCTS, listings.size());
    counts.put(Table.VARIANTS, variants);
    counts.put(Table.OFFERS, offers);
    counts.put(Table.PRODUCT_GROUPS, groups.size());
    counts.put(Table.PRODUCT_GROUP_MEMBERS, members);
    counts.put(Table.CITATIONS, evidence.citations().size());
    counts.put(Table.PRODUCT_INTEL, intel.size());
    counts.put(Table.INTEL_CLAIMS, claims);
    counts.put(Table.PRODUCT_ALIASES, aliases.size());
    return counts;
  }
}
