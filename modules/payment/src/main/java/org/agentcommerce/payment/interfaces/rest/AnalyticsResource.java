package org.agentcommerce.payment.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.agentcommerce.payment.application.analytics.AgentAnalytics;
import org.agentcommerce.payment.application.analytics.AgentAnalytics.CallWindow;
import org.agentcommerce.payment.application.analytics.AgentAnalytics.Calls;
import org.agentcommerce.payment.application.analytics.AgentAnalytics.Funnel;
import org.agentcommerce.payment.application.analytics.AgentAnalytics.FunnelCounts;
import org.agentcommerce.payment.application.analytics.AgentAnalytics.Trend;
import org.agentcommerce.platform.api.CountedCall;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The calling agent's analytics (spec 4.8): the order funnel, computed from the order book and the
 * payments on every read, and the counted catalog and checkout calls with their trend
 * (docs/analytics.md). A key limited to merchants sees the funnel of their orders only.
 */
@RequestScoped
@Path("/agent/v1/analytics")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
@Tag(name = "Analytics", description = "The agent's order funnel and call counts")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class AnalyticsResource {

  /** Days of the summary's funnel totals: the funnel's default. */
  @Inject AgentAnalytics analytics;

  @Inject Caller caller;

  @Schema(
      name = "AnalyticsFunnelDay",
      description = "The orders created on one UTC day; the fields mean what the totals do")
  public record AnalyticsFunnelDay(
      @Schema(required = true) LocalDate date,
      @Schema(required = true) long ordersInitiated,
      @Schema(required = true) long paymentAttempted,
      @Schema(required = true) long ordersCompleted,
      @Schema(required = true) BigDecimal conversionRate) {}

  @Schema(name = "AnalyticsFunnelResponse")
  public record AnalyticsFunnelResponse(
      @Schema(required = true) String status,
      @Schema(required = true) String agentId,
      @Schema(required = true, description = "Days covered, today (UTC) included") int days,
      @Schema(required = true, description = "First day covered (UTC)") LocalDate from,
      @Schema(required = true, description = "Last day covered: today (UTC)") LocalDate to,
      @Schema(required = true, description = "Orders created in the period") long ordersInitiated,
      @Schema(required = true, description = "Of those, orders with at least one payment tried")
          long paymentAttempted,
      @Schema(required = true, description = "Of those, orders with a succeeded payment")
          long ordersCompleted,
      @Schema(required = true, description = "orders_completed / orders_initiated, 0 to 1")
          BigDecimal conversionRate,
      @Schema(
              required = true,
              description = "Every day of the period, oldest first, zero days included")
          List<AnalyticsFunnelDay> daily) {}

  @Schema(name = "AnalyticsCallCount")
  public record AnalyticsCallCount(
      @Schema(required = true, description = "Calls in the window") long count,
      @Schema(required = true, description = "Calls in the window of the same length before it")
          long previousCount,
      @Schema(
              required = true,
              enumeration = {"up", "down", "flat"})
          String trend,
      @Schema(
              description = "Change against the window before, in percent; null when it had none",
              nullable = true)
          BigDecimal changePct) {}

  @Schema(name = "AnalyticsCallWindow")
  public record AnalyticsCallWindow(
      @Schema(required = true, description = "Length in hours, the current hour included")
          int hours,
      @Schema(required = true, description = "Start of the window's first hour") Instant from,
      @Schema(required = true, description = "GET /agent/v1/products/search answered")
          AnalyticsCallCount catalogSearches,
      @Schema(
              required = true,
              description = "GET /agent/v1/products/{merchant_id}/{product_id} answered")
          AnalyticsCallCount productReads,
      @Schema(required = true, description = "POST /agent/v1/cart/validate answered")
          AnalyticsCallCount cartValidations,
      @Schema(required = true, description = "POST /agent/v1/quotes/preview answered (new quotes)")
          AnalyticsCallCount quotes,
      @Schema(required = true, description = "All four together") AnalyticsCallCount total) {}

  @Schema(name = "AnalyticsQueriesResponse")
  public record AnalyticsQueriesResponse(
      @Schema(required = true) String status,
      @Schema(required = true) String agentId,
      @Schema(required = true) Instant asOf,
      // Named with the underscore so that the JSON name and the document agree (last_24h).
      @Schema(required = true, description = "The last 24 hours") AnalyticsCallWindow last_24h,
      @Schema(required = true, description = "The last 7 days (168 hours)")
          AnalyticsCallWindow last_7d,
      @Schema(description = "The origin service's names: catalog searches, last 24 hours")
          long productSearches,
      @Schema(enumeration = {"up", "down", "stable"}) String productSearchesTrend,
      @Schema(
              description =
                  "Percent against the 24 hours before, unsigned (the trend says which way)")
          BigDecimal productSearchesChange,
      @Schema(description = "Cart validations, last 24 hours") long inventoryChecks,
      @Schema(enumeration = {"up", "down", "stable"}) String inventoryChecksTrend,
      BigDecimal inventoryChecksChange,
      @Schema(description = "Quotes, last 24 hours") long priceQueries,
      @Schema(enumeration = {"up", "down", "stable"}) String priceQueriesTrend,
      BigDecimal priceQueriesChange) {}

  /**
   * The origin service's trend of a count against the window before: stable within 5 %, else up or
   * down, with the unsigned change in percent (100 when there was nothing before).
   */
  record OriginTrend(String trend, BigDecimal change) {
    static OriginTrend of(AnalyticsCallCount c) {
      if (c.previousCount() == 0) {
        return c.count() == 0
            ? new OriginTrend("stable", BigDecimal.ZERO)
            : new OriginTrend("up", BigDecimal.valueOf(100));
      }
      BigDecimal change =
          BigDecimal.valueOf(c.count() - c.previousCount())
              .multiply(BigDecimal.valueOf(100))
              .divide(BigDecimal.valueOf(c.previousCount()), 1, java.math.RoundingMode.HALF_UP);
      if (change.abs().compareTo(BigDecimal.valueOf(5)) < 0) {
        return new OriginTrend("stable", change);
      }
      return new OriginTrend(change.signum() > 0 ? "up" : "down", change.abs());
    }
  }

  @Schema(name = "AnalyticsFunnelTotals", description = "The funnel's totals over a period")
  public record AnalyticsFunnelTotals(
      @Schema(required = true, description = "Days covered, today (UTC) included") int days,
      @Schema(required = true) LocalDate from,
      @Schema(required = true) LocalDate to,
      @Schema(required = true) long ordersInitiated,
      @Schema(required = true) long paymentAttempted,
      @Schema(required = true) long ordersCompleted,
      @Schema(required = true) BigDecimal conversionRate) {}

  @Schema(name = "AnalyticsSummaryResponse")
  public record AnalyticsSummaryResponse(
      @Schema(required = true) String status,
      @Schema(required = true) String agentId,
      @Schema(required = true, description = "The funnel over the last 7 days")
          AnalyticsFunnelTotals funnel,
      // Named with the underscore so that the JSON name and the document agree (last_24h).
      @Schema(required = true, description = "Counted calls, last 24 hours")
          AnalyticsCallWindow last_24h,
      @Schema(required = true, description = "Counted calls, last 7 days")
          AnalyticsCallWindow last_7d,
      @Schema(description = "The agent's registered name", nullable = true) String agentName,
      @Schema(
              required = true,
              description = "The origin service's nesting: {funnel, last_24h, last_7d} again")
          AnalyticsSummaryBody analytics) {}

  @Schema(name = "AnalyticsSummaryBody")
  public record AnalyticsSummaryBody(
      @Schema(required = true) AnalyticsFunnelTotals funnel,
      @Schema(required = true) AnalyticsCallWindow last_24h,
      @Schema(required = true) AnalyticsCallWindow last_7d) {}

  @GET
  @Path("/funnel")
  @Operation(
      operationId = "getAnalyticsFunnel",
      summary = "Order conversion funnel",
      description =
          "This agent's orders created in the last `days` UTC days (today included): how many"
              + " were created, how many had a payment tried, how many were paid, and the"
              + " conversion rate, in total and per day. Computed from the orders and payments"
              + " on every read.")
  @APIResponseSchema(value = AnalyticsFunnelResponse.class, responseDescription = "The funnel")
  public AnalyticsFunnelResponse funnel(
      @Parameter(
              description = "Days to cover, today included",
              schema = @Schema(minimum = "1", maximum = "90", defaultValue = "7"))
          @QueryParam("days")
          @DefaultValue("7")
          @Min(1)
          @Max(90)
          int days) {
    Funnel f = analytics.funnel(caller.agentId(), caller.merchantScope(), days);
    List<AnalyticsFunnelDay> daily =
        f.daily().entrySet().stream()
            .map(
                e ->
                    new AnalyticsFunnelDay(
                        e.getKey(),
                        e.getValue().ordersInitiated(),
                        e.getValue().paymentAttempted(),
                        e.getValue().ordersCompleted(),
                        e.getValue().conversionRate()))
            .toList();
    FunnelCounts t = f.total();
    return new AnalyticsFunnelResponse(
        "success",
        caller.agentId(),
        f.days(),
        f.from(),
        f.to(),
        t.ordersInitiated(),
        t.paymentAttempted(),
        t.ordersCompleted(),
        t.conversionRate(),
        daily);
  }

  @GET
  @Path("/queries")
  @Operation(
      operationId = "getAnalyticsQueries",
      summary = "Catalog and checkout call counts",
      description =
          "This agent's answered catalog searches, product reads, cart validations and quotes"
              + " in the last 24 hours and the last 7 days, each with the window of the same"
              + " length before it and the trend. Counted as the calls are answered; hours are"
              + " UTC hours and a window includes the current hour.")
  @APIResponseSchema(value = AnalyticsQueriesResponse.class, responseDescription = "The counts")
  public AnalyticsQueriesResponse queries() {
    Calls c = analytics.calls(caller.agentId());
    AnalyticsCallWindow day = window(c.last24h());
    OriginTrend searches = OriginTrend.of(day.catalogSearches());
    OriginTrend checks = OriginTrend.of(day.cartValidations());
    OriginTrend prices = OriginTrend.of(day.quotes());
    return new AnalyticsQueriesResponse(
        "success",
        caller.agentId(),
        c.asOf(),
        day,
        window(c.last7d()),
        day.catalogSearches().count(),
        searches.trend(),
        searches.change(),
        day.cartValidations().count(),
        checks.trend(),
        checks.change(),
        day.quotes().count(),
        prices.trend(),
        prices.change());
  }

  @GET
  @Path("/summary")
  @Operation(
      operationId = "getAnalyticsSummary",
      summary = "Funnel totals and call counts in one answer",
      description =
          "The funnel's totals over the last `days` days (1 to 365, default 7; as GET"
              + " /agent/v1/analytics/funnel without the daily rows) under funnel, and the call"
              + " counts of GET /agent/v1/analytics/queries; the same again under analytics, with"
              + " agent_name (the origin service's shape).")
  @APIResponseSchema(value = AnalyticsSummaryResponse.class, responseDescription = "The summary")
  public AnalyticsSummaryResponse summary(
      @Parameter(
              description = "Days the funnel covers, today included",
              schema = @Schema(minimum = "1", maximum = "365", defaultValue = "7"))
          @QueryParam("days")
          @DefaultValue("7")
          @Min(1)
          @Max(365)
          int days) {
    Funnel f = analytics.funnel(caller.agentId(), caller.merchantScope(), days);
    Calls c = analytics.calls(caller.agentId());
    FunnelCounts t = f.total();
    AnalyticsFunnelTotals totals =
        new AnalyticsFunnelTotals(
            f.days(),
            f.from(),
            f.to(),
            t.ordersInitiated(),
            t.paymentAttempted(),
            t.ordersCompleted(),
            t.conversionRate());
    AnalyticsCallWindow day = window(c.last24h());
    AnalyticsCallWindow week = window(c.last7d());
    return new AnalyticsSummaryResponse(
        "success",
        caller.agentId(),
        totals,
        day,
        week,
        analytics.agentName(caller.agentId()),
        new AnalyticsSummaryBody(totals, day, week));
  }

  private static AnalyticsCallWindow window(CallWindow w) {
    return new AnalyticsCallWindow(
        w.hours(),
        w.from(),
        count(w.calls().get(CountedCall.CATALOG_SEARCH)),
        count(w.calls().get(CountedCall.PRODUCT_READ)),
        count(w.calls().get(CountedCall.CART_VALIDATION)),
        count(w.calls().get(CountedCall.QUOTE)),
        count(w.total()));
  }

  private static AnalyticsCallCount count(Trend t) {
    return new AnalyticsCallCount(t.count(), t.previousCount(), t.trend(), t.changePct());
  }
}
