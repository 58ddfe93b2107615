package org.agentcommerce.payment.interfaces.rest;

import jakarta.ws.rs.core.Response;
import org.agentcommerce.payment.application.BuyerPages;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The answers of a buyer page's three operations, documented once for both kinds ({@link
 * BuyerPageResource}): the OpenAPI scanner gives a kind's method the annotations of the method it
 * implements here. An interface rather than the base class, and no JAX-RS annotation here: the
 * scanner documents the annotated methods of every class it reads (a class without a path would
 * give them a path of its own), and the container takes an interface with a {@code @Path} method
 * for a resource it cannot instantiate (a warning at every start).
 */
public interface BuyerPageApi {

  @APIResponse(
      responseCode = "200",
      description =
          "Amount, merchant, the asking agent, status (pending, approved, rejected, used,"
              + " expired)",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  Response view();

  @APIResponse(
      responseCode = "200",
      description = "Approved",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  @APIResponse(responseCode = "409", description = "ALREADY_DECIDED")
  @APIResponse(responseCode = "410", description = "EXPIRED")
  Response approve();

  @APIResponse(
      responseCode = "200",
      description = "Declined (status rejected): nothing will be paid with it",
      content = @Content(schema = @Schema(implementation = BuyerPages.DecisionView.class)))
  @APIResponse(responseCode = "401", description = "PAGE_TOKEN_INVALID")
  @APIResponse(responseCode = "409", description = "ALREADY_DECIDED")
  @APIResponse(responseCode = "410", description = "EXPIRED")
  Response decline();
}
