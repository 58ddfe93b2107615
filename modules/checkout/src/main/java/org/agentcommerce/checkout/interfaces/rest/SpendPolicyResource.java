package org.agentcommerce.checkout.interfaces.rest;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.agentcommerce.checkout.application.Amounts;
import org.agentcommerce.checkout.application.SpendPolicyService;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.Authenticated;
import org.agentcommerce.platform.api.security.Caller;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The agent's spending policy: what its orders may commit buyers to. */
@RequestScoped
@Path("/agent/v1/governance/spend-policy")
@Authenticated
@Tag(name = "Governance", description = "Agent spending limits checked before any order is written")
@SecurityRequirementsSet(@SecurityRequirement(name = "APIKeyHeader"))
@SecurityRequirementsSet(@SecurityRequirement(name = "HTTPBearer"))
public class SpendPolicyResource {

  @Inject SpendPolicyService policies;
  @Inject Caller caller;

  @Schema(name = "SpendLimit")
  public record Limit(
      @NotBlank
          @Pattern(regexp = "[A-Z]{3}")
          @Schema(required = true, description = "An ISO 4217 currency code", example = "USD")
          String currency,
      @NotNull @Schema(required = true, description = "Largest order total, decimal in major units")
          BigDecimal maxOrderTotal,
      @NotNull @Schema(required = true, description = "Largest total over any rolling 24 hours")
          BigDecimal maxDailyTotal) {}

  @Schema(name = "SpendLimitView")
  public record LimitView(
      String currency, String maxOrderTotal, String maxDailyTotal, String spentLastDay) {}

  @Schema(name = "SpendPolicy")
  public record Policy(
      @Schema(description = "default (the deployment's ceilings) or agent (its own limits)")
          String source,
      List<LimitView> limits,
      List<LimitView> ceilings) {}

  @Schema(name = "SpendPolicyResponse")
  public record PolicyResponse(String status, Policy policy) {}

  @Schema(name = "SpendPolicyRequest")
  public record PolicyRequest(
      @NotNull
          @Size(max = 20)
          @Valid
          @Schema(required = true, type = SchemaType.ARRAY, implementation = Limit.class)
          List<Limit> limits) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getSpendPolicy",
      summary = "Read the agent's spending policy",
      description =
          "Per currency: the largest order total and the largest total over any 24 hours, with"
              + " what was spent in the last 24 hours. Orders in other currencies are refused.")
  @APIResponse(
      responseCode = "200",
      description = "The policy",
      content = @Content(schema = @Schema(implementation = PolicyResponse.class)))
  public PolicyResponse get() {
    return new PolicyResponse("success", view(policies.policy(caller.agentId())));
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "putSpendPolicy",
      summary = "Set the agent's own spending limits",
      description =
          "Replaces the agent's limits; each must be within the deployment's ceiling for its"
              + " currency (422 otherwise). Only the currencies listed may be ordered in. An empty"
              + " list returns to the deployment's ceilings.")
  @APIResponse(
      responseCode = "200",
      description = "The policy now",
      content = @Content(schema = @Schema(implementation = PolicyResponse.class)))
  public PolicyResponse put(@NotNull @Valid PolicyRequest body) {
    List<SpendPolicyService.Limit> limits = new ArrayList<>();
    java.util.Set<String> currencies = new java.util.HashSet<>();
    for (int i = 0; i < body.limits().size(); i++) {
      Limit l = body.limits().get(i);
      if (l == null) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "limits", i), "Input should be an object", "model_type"));
      }
      if (!currencies.add(l.currency())) {
        throw new InvalidInputException(
            new InvalidInputException.Violation(
                List.of("body", "limits", i, "currency"),
                "Each currency has one limit; " + l.currency() + " is listed twice",
                "value_error"));
      }
      limits.add(
          new SpendPolicyService.Limit(
              l.currency(),
              minor(l.maxOrderTotal(), l.currency(), i, "max_order_total"),
              minor(l.maxDailyTotal(), l.currency(), i, "max_daily_total")));
    }
    return new PolicyResponse("success", view(policies.replace(caller.agentId(), limits)));
  }

  private static long minor(BigDecimal v, String currency, int i, String field) {
    List<Object> loc = List.of("body", "limits", i, field);
    java.util.OptionalLong m;
    try {
      m = v.signum() < 0 ? java.util.OptionalLong.empty() : Amounts.minor(v, currency);
    } catch (IllegalArgumentException | ArithmeticException bad) {
      m = java.util.OptionalLong.empty();
    }
    return m.orElseThrow(
        () ->
            new InvalidInputException(
                new InvalidInputException.Violation(
                    loc,
                    "A non-negative amount with at most the currency's decimals",
                    "value_error.amount")));
  }

  private Policy view(SpendPolicyService.Policy p) {
    return new Policy(
        p.source(),
        p.limits().stream().map(l -> limit(l, true)).toList(),
        p.ceilings().stream().map(l -> limit(l, false)).toList());
  }

  private LimitView limit(SpendPolicyService.Limit l, boolean spent) {
    return new LimitView(
        l.currency(),
        Amounts.major(l.maxOrderMinor(), l.currency()),
        Amounts.major(l.max24hMinor(), l.currency()),
        spent
            ? Amounts.major(policies.spent24h(caller.agentId(), l.currency()), l.currency())
            : null);
  }
}
