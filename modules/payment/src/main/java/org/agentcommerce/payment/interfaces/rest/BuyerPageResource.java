package org.agentcommerce.payment.interfaces.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.core.Response;
import org.agentcommerce.payment.application.BuyerPages;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The API of a buyer's page, once for both decisions only a buyer makes ({@link BuyerPages}): read
 * the request, approve it or decline it. Its credential is the page token of the page's address
 * (X-Page-Token): no agent key, no buyer token; it decides this one request once.
 *
 * <p>A kind's resource ({@link ApprovalPageResource}, {@link AuthorizationPageResource}) routes the
 * three methods and names its path parameter and its operations; their answers are documented once,
 * in {@link BuyerPageApi}. Its two {@code @Parameter}s on each method keep the document's order
 * (the path parameter, then the page token); the path parameter's string type comes from its
 * {@code @PathParam} field and its {@code required} from the OpenAPI filter.
 */
@SecurityRequirementsSet
@Tag(name = "Hosted pages")
public abstract class BuyerPageResource implements BuyerPageApi {

  private final String kind;

  @Inject BuyerPages pages;

  @HeaderParam("X-Page-Token")
  String token;

  /** {@code kind}: {@link BuyerPages#APPROVAL} or {@link BuyerPages#AUTHORIZATION}. */
  protected BuyerPageResource(String kind) {
    this.kind = kind;
  }

  /** The request {@code id} as its page shows it. */
  protected Response show(String id) {
    return PageAnswers.noStore(pages.view(kind, id, token));
  }

  /** The buyer's answer to the request {@code id}: approve or decline it. */
  protected Response decide(String id, boolean approve) {
    return PageAnswers.noStore(pages.decide(kind, id, token, approve));
  }
}
