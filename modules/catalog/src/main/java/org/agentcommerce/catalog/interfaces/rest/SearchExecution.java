package org.agentcommerce.catalog.interfaces.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.catalog.api.ProductView;
import org.agentcommerce.catalog.application.CatalogSourcing;
import org.agentcommerce.catalog.application.MerchantDirectory;
import org.agentcommerce.catalog.application.search.ProductSearchService;
import org.agentcommerce.catalog.application.search.SearchCriteria;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Runs a product search for both search resources and shapes the answer. Application-scoped (no
 * state of its own; the caller is read through its request-scoped proxy): a request-scoped bean
 * here and in the resource cost about 5 % of a search's CPU in creating them.
 */
@ApplicationScoped
public class SearchExecution {

  @Inject ProductSearchService search;
  @Inject MerchantDirectory merchants;
  @Inject Caller caller;
  @Inject CatalogSourcing sourcing;

  /** No members ahead of the answer's own. */
  static final java.util.function.Function<SearchResponse, byte[]> NOTHING =
      response -> new byte[0];

  /**
   * The search answer as JSON bytes, its object opened by {@code leading}'s members (the JSON text
   * {@code {"name":value,} } in UTF-8, or nothing). A page served from the search cache keeps its
   * serialized form, so a repeated search costs neither the index nor JSON-B (a page of 20 products
   * is about 40 KB).
   */
  jakarta.ws.rs.core.Response respond(
      CatalogSourcing.SeedPolicy seed,
      String merchantId,
      List<String> merchantIds,
      boolean searchAll,
      String query,
      String category,
      String surface,
      BigDecimal minPrice,
      BigDecimal maxPrice,
      Boolean inStock,
      int limit,
      int offset,
      String market,
      Map<String, String> payment,
      java.util.function.Function<SearchResponse, byte[]> leading) {
    Answer answer =
        answer(
            seed,
            merchantId,
            merchantIds,
            searchAll,
            query,
            category,
            surface,
            minPrice,
            maxPrice,
            inStock,
            limit,
            offset,
            market,
            payment);
    SearchResponse response = answer.response();
    Object view =
        List.of(response.pagination(), response.searchContext(), response.filtersApplied());
    byte[] body = answer.page().derived(view, () -> serialize(response, answer.page()));
    byte[] lead = leading.apply(response);
    if (lead.length > 0) { // {"a":…,  +  the answer without its opening brace
      byte[] joined = new byte[lead.length + body.length - 1];
      System.arraycopy(lead, 0, joined, 0, lead.length);
      System.arraycopy(body, 1, joined, lead.length, body.length - 1);
      body = joined;
    }
    // With its length known the answer goes out as one body, not in chunks of Jersey's buffer.
    return jakarta.ws.rs.core.Response.ok(body, jakarta.ws.rs.core.MediaType.APPLICATION_JSON_TYPE)
        .header(jakarta.ws.rs.core.HttpHeaders.CONTENT_LENGTH, body.length)
        .build();
  }

  /**
   * The answer as JSON. Products the page has from the cache of rendered products are written from
   * their JSON template there: a product is written once per index version, not once per page.
   */
  private static byte[] serialize(SearchResponse response, ProductSearchService.Page page) {
    List<ProductView> products = response.products();
    java.util.Map<Object, Integer> at = new java.util.IdentityHashMap<>(products.size() * 2);
    for (int i = 0; i < products.size(); i++) {
      at.put(products.get(i), i);
    }
    return org.agentcommerce.platform.api.RecordJson.write(
        response,
        (value, out) -> {
          Integer i = at.get(value);
          ProductJson json =
              i == null ? null : page.derivedForProduct(i, ProductJson.class, ProductJson::of);
          if (json == null) {
            return false;
          }
          json.write(out, products.get(i).relevanceScore());
          return true;
        });
  }

  /** The answer and the page it was made from. */
  private record Answer(SearchResponse response, ProductSearchService.Page page) {}

  private Answer answer(
      CatalogSourcing.SeedPolicy seed,
      String merchantId,
      List<String> merchantIds,
      boolean searchAll,
      String query,
      String category,
      String surface,
      BigDecimal minPrice,
      BigDecimal maxPrice,
      Boolean inStock,
      int limit,
      int offset,
      String market,
      Map<String, String> payment) {
    if (minPrice != null && maxPrice != null && minPrice.compareTo(maxPrice) > 0) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("query", "min_price"), "min_price must not exceed max_price", "value_error"));
    }
    Set<String> named = new LinkedHashSet<>();
    if (merchantId != null && !merchantId.isBlank()) {
      named.add(merchantId.trim());
    }
    if (merchantIds != null) {
      merchantIds.stream()
          .flatMap(v -> java.util.Arrays.stream(v.split(",")))
          .map(String::trim)
          .filter(s -> !s.isEmpty())
          .forEach(named::add);
    }
    for (String id : named) {
      if (merchants.find(id).isEmpty()) {
        throw new ApiException(404, "MERCHANT_NOT_FOUND", "Merchant " + id + " was not found.");
      }
    }
    if (!searchAll) {
      // Named merchants whose catalog lives on their platform are brought up to date first.
      named.forEach(id -> sourcing.ensureFresh(id, seed));
    }
    Set<String> scope = caller.merchantScope();
    Set<String> searchIds;
    if (named.isEmpty() || searchAll) {
      searchIds = scope.isEmpty() ? null : scope;
    } else {
      searchIds = named;
    }
    String normalizedMarket = market == null ? null : market.toUpperCase(Locale.ROOT);
    ProductSearchService.Page page =
        search.search(
            new SearchCriteria(
                query,
                searchIds,
                category,
                surface,
                minPrice,
                maxPrice,
                inStock,
                normalizedMarket,
                payment,
                offset,
                limit));
    long total = page.total();
    int totalPages = (int) ((total + limit - 1) / limit);
    return new Answer(
        new SearchResponse(
            "success",
            page.products(),
            new Pagination(
                total,
                limit,
                offset,
                offset / limit + 1,
                totalPages,
                offset + page.products().size() < total),
            new SearchContext(
                merchantId,
                named.isEmpty() ? null : List.copyOf(named),
                page.merchantsSearched().stream().sorted().toList(),
                page.merchantsSearched().size() > 1,
                normalizedMarket),
            new FiltersApplied(
                query,
                category,
                surface,
                minPrice,
                maxPrice,
                Boolean.TRUE.equals(inStock),
                payment)),
        page);
  }

  static void putIf(Map<String, String> map, String key, String value) {
    if (value != null && !value.isBlank()) {
      map.put(key, value.trim());
    }
  }

  /** A page of search results. */
  @Schema(name = "ProductSearchResponse")
  public record SearchResponse(
      String status,
      List<ProductView> products,
      Pagination pagination,
      SearchContext searchContext,
      FiltersApplied filtersApplied) {}

  /** Where this page sits. */
  @Schema(name = "Pagination")
  public record Pagination(
      long totalCount, int limit, int offset, int page, int totalPages, boolean hasMore) {}

  /** Which merchants were searched. */
  @Schema(name = "SearchContext")
  public record SearchContext(
      String merchantId,
      List<String> merchantIds,
      List<String> merchantsSearched,
      boolean crossMerchantSearch,
      String market) {}

  /** The filters the search applied. */
  @Schema(name = "FiltersApplied")
  public record FiltersApplied(
      String query,
      String category,
      String catalogSurface,
      BigDecimal minPrice,
      BigDecimal maxPrice,
      boolean inStockOnly,
      Map<String, String> payment) {}
}
