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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
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
@Authenticated
@Tag(name = "Analytics", description = "The agent's order funnel and call counts")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class AnalyticsResource {

  /** Days of the summary's funnel totals: the funnel's default. */
  static final int SUMMARY_DAYS = 7;

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
          AnalyticsCallWindow last_7d) {}

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
          AnalyticsCallWindow last_7d) {}

  @GET
  @Path("/funnel")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getAnalyticsFunnel",
      summary = "Order conversion funnel",
      description =
          "This agent's orders created in the last `days` UTC days (today included): how many"
              + " were created, how many had a payment tried, how many were paid, and the"
              + " conversion rate, in total and per day. Computed from the orders and payments"
              + " on every read.")
  @APIResponse(
      responseCode = "200",
      description = "The funnel",
      content = @Content(schema = @Schema(implementation = AnalyticsFunnelResponse.class)))
  public AnalyticsFunnelResponse funnel(
      @Parameter(
              description = "Days to cover, today included",
              schema =
                  @Schema(
                      type = SchemaType.INTEGER,
                      minimum = "1",
                      maximum = "90",
                      defaultValue = "7"))
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
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getAnalyticsQueries",
      summary = "Catalog and checkout call counts",
      description =
          "This agent's answered catalog searches, product reads, cart validations and quotes"
              + " in the last 24 hours and the last 7 days, each with the window of the same"
              + " length before it and the trend. Counted as the calls are answered; hours are"
              + " UTC hours and a window includes the current hour.")
  @APIResponse(
      responseCode = "200",
      description = "The counts",
      content = @Content(schema = @Schema(implementation = AnalyticsQueriesResponse.class)))
  public AnalyticsQueriesResponse queries() {
    Calls c = analytics.calls(caller.agentId());
    return new AnalyticsQueriesResponse(
        "success", caller.agentId(), c.asOf(), window(c.last24h()), window(c.last7d()));
  }

  @GET
  @Path("/summary")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getAnalyticsSummary",
      summary = "Funnel totals and call counts in one answer",
      description =
          "The funnel's totals over the last 7 days (as GET /agent/v1/analytics/funnel with its"
              + " default days, without the daily rows) under funnel, and the call counts of"
              + " GET /agent/v1/analytics/queries.")
  @APIResponse(
      responseCode = "200",
      description = "The summary",
      content = @Content(schema = @Schema(implementation = AnalyticsSummaryResponse.class)))
  public AnalyticsSummaryResponse summary() {
    Funnel f = analytics.funnel(caller.agentId(), caller.merchantScope(), SUMMARY_DAYS);
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
    return new AnalyticsSummaryResponse(
        "success", caller.agentId(), totals, window(c.last24h()), window(c.last7d()));
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
