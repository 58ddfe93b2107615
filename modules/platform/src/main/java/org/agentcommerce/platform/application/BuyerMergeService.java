package org.agentcommerce.platform.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.agentcommerce.platform.api.ApiException;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.domain.buyer.BuyerAlias;
import org.agentcommerce.platform.domain.buyer.BuyerAliasRepository;

/**
 * Merges an agent's buyer references: after login, {@code guest:<uuid>} becomes an alias of {@code
 * user:<public_id>}. Aliases belong to one agent. Targets are always canonical: merging into a
 * reference that is itself an alias merges into its canonical reference, and whatever pointed at
 * the source follows it, so chains collapse to one step.
 */
@ApplicationScoped
public class BuyerMergeService {

  @Inject BuyerAliasRepository aliases;
  @Inject Clock clock;

  /** The canonical reference the source now resolves to. */
  @Transactional
  public BuyerRef merge(String agentId, BuyerRef source, BuyerRef target) {
    BuyerRef canonical = canonical(agentId, target);
    if (canonical.equals(source)) {
      throw new InvalidInputException(
          new InvalidInputException.Violation(
              List.of("body", "target_buyer_ref"),
              "target_buyer_ref is, or already resolves to, source_buyer_ref",
              "value_error.same_buyer"));
    }
    Optional<BuyerAlias> existing = aliases.find(agentId, source.toString());
    if (existing.isPresent()) {
      if (existing.get().targetRef().equals(canonical.toString())) {
        return canonical; // the same merge again changes nothing
      }
      throw new ApiException(
          409,
          "BUYER_ALREADY_MERGED",
          "source_buyer_ref was already merged into another buyer reference.",
          Map.of(
              "source_buyer_ref", source.toString(),
              "merged_into", existing.get().targetRef()),
          Map.of());
    }
    Instant now = clock.instant();
    for (BuyerAlias follower : aliases.findByTarget(agentId, source.toString())) {
      follower.retarget(canonical.toString());
    }
    aliases.add(new BuyerAlias(agentId, source.toString(), canonical.toString(), now));
    return canonical;
  }

  /** The reference this one resolves to for the agent (itself when not merged). */
  @Transactional
  public BuyerRef canonical(String agentId, BuyerRef ref) {
    return aliases
        .find(agentId, ref.toString())
        .map(a -> BuyerRef.require(a.targetRef(), List.of("stored")))
        .orElse(ref);
  }

  /** Every reference that means the same buyer as {@code ref}: its canonical one and aliases. */
  @Transactional
  public List<String> equivalents(String agentId, BuyerRef ref) {
    BuyerRef canonical = canonical(agentId, ref);
    TreeSet<String> all = new TreeSet<>();
    all.add(canonical.toString());
    aliases.findByTarget(agentId, canonical.toString()).forEach(a -> all.add(a.sourceRef()));
    return List.copyOf(all);
  }
}
