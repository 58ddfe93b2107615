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
import org.agentcommerce.platform.api.security.BuyerDirectory;
import org.agentcommerce.platform.api.security.BuyerRef;
import org.agentcommerce.platform.domain.agent.AgentRepository;
import org.agentcommerce.platform.domain.buyer.BuyerAlias;
import org.agentcommerce.platform.domain.buyer.BuyerAliasRepository;

/**
 * Merges an agent's buyer references: after login, {@code guest:<uuid>} becomes an alias of {@code
 * user:<public_id>}. Aliases belong to one agent. Targets are always canonical: merging into a
 * reference that is itself an alias merges into its canonical reference, and whatever pointed at
 * the source follows it, so chains collapse to one step and no reference ever points at itself.
 *
 * <p>That holds only if an agent's merges happen one at a time: two opposite merges that both read
 * before either writes make a cycle. So a merge first locks the agent's row ({@code SELECT ... FOR
 * UPDATE}, honoured by every node) and resolves both sides inside the lock, in a transaction of its
 * own whose first statement is the lock (under MariaDB's REPEATABLE READ, reads see the merges
 * committed while the lock was awaited only if nothing was read before it). A repeated merge
 * changes nothing, so running in its own transaction costs no exactly-once guarantee.
 */
@ApplicationScoped
@Transactional
public class BuyerMergeService implements BuyerDirectory {

  @Inject BuyerAliasRepository aliases;
  @Inject AgentRepository agents;
  @Inject Clock clock;

  /** What a reference means for an agent: its canonical reference and every equivalent. */
  public record Resolution(BuyerRef canonical, List<String> equivalents) {}

  /** The canonical reference the source now resolves to. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public BuyerRef merge(String agentId, BuyerRef source, BuyerRef target) {
    agents
        .lockById(agentId)
        .orElseThrow(() -> new IllegalStateException("No agent " + agentId + " to lock"));
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
    // The source is canonical and the target's canonical is another root: the source and its
    // aliases now point at that root, which points nowhere.
    Instant now = clock.instant();
    for (BuyerAlias follower : aliases.findByTarget(agentId, source.toString())) {
      follower.retarget(canonical.toString());
    }
    aliases.add(new BuyerAlias(agentId, source.toString(), canonical.toString(), now));
    return canonical;
  }

  /**
   * What the reference means for the agent. A reference the agent never merged, from either side,
   * is unknown to it: 404 {@code BUYER_REF_NOT_FOUND}.
   */
  public Resolution resolve(String agentId, BuyerRef ref) {
    BuyerRef canonical = canonical(agentId, ref);
    List<BuyerAlias> followers = aliases.findByTarget(agentId, canonical.toString());
    if (canonical.equals(ref) && followers.isEmpty()) {
      throw new ApiException(
          404,
          "BUYER_REF_NOT_FOUND",
          "This agent has merged nothing into or out of this buyer reference.",
          Map.of("buyer_ref", ref.toString()),
          Map.of());
    }
    TreeSet<String> all = new TreeSet<>();
    all.add(canonical.toString());
    followers.forEach(a -> all.add(a.sourceRef()));
    return new Resolution(canonical, List.copyOf(all));
  }

  @Override
  public List<String> equivalents(String agentId, BuyerRef ref) {
    BuyerRef canonical = canonical(agentId, ref);
    TreeSet<String> all = new TreeSet<>();
    all.add(canonical.toString());
    aliases.findByTarget(agentId, canonical.toString()).forEach(a -> all.add(a.sourceRef()));
    return List.copyOf(all);
  }

  /** The reference this one resolves to for the agent (itself when not merged). */
  @Override
  public BuyerRef canonical(String agentId, BuyerRef ref) {
    return aliases
        .find(agentId, ref.toString())
        .map(a -> BuyerRef.require(a.targetRef(), List.of("stored")))
        .orElse(ref);
  }
}
