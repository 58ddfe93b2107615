package org.agentcommerce.webapp.support;

/** Buyer reference calls of the API, as an agent makes them. */
public final class Buyers {

  private Buyers() {}

  /** {@code POST /agent/v1/buyers/merge} of {@code source} into {@code target}. */
  public static Http.Answer merge(
      Http http, Agents.Registered agent, String source, String target) {
    return http.post(
        "/agent/v1/buyers/merge",
        "{\"source_buyer_ref\":\"" + source + "\",\"target_buyer_ref\":\"" + target + "\"}",
        "X-API-Key",
        agent.apiKey());
  }
}
