package org.agentcommerce.payment.interfaces.rest;

import jakarta.ws.rs.core.Response;

/** Answers of the buyer's pages: never cached. */
final class PageAnswers {

  private PageAnswers() {}

  static Response noStore(Object body) {
    return Response.ok(body).header("Cache-Control", "no-store").build();
  }
}
