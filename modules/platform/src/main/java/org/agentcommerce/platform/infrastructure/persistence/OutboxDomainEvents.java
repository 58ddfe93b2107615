package org.agentcommerce.platform.infrastructure.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import org.agentcommerce.platform.api.Database;
import org.agentcommerce.platform.api.Ids;
import org.agentcommerce.platform.api.events.DomainEvent;
import org.agentcommerce.platform.api.events.DomainEvents;

/**
 * Domain events into the {@code domain_events} outbox, through the caller's persistence context so
 * the row commits or rolls back with the change that caused it. Refuses to run outside a
 * transaction (an event without its change, or a change without its event, is the bug this
 * prevents). Observers of {@link DomainEvents.Published} hear of it after the commit.
 */
@ApplicationScoped
public class OutboxDomainEvents implements DomainEvents {

  private static final Jsonb JSON = JsonbBuilder.create();

  @PersistenceContext(unitName = Database.PERSISTENCE_UNIT)
  EntityManager em;

  @Inject Event<Published> published;

  @Override
  @Transactional(Transactional.TxType.MANDATORY)
  public String publish(DomainEvent event) {
    String id = Ids.newId("evt", 12);
    em.createNativeQuery(
            "INSERT INTO domain_events (id, event_type, aggregate_type, aggregate_id, agent_id,"
                + " merchant_id, buyer_ref, status, amount_minor, currency, data, traceparent,"
                + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP(6))")
        .setParameter(1, id)
        .setParameter(2, event.type())
        .setParameter(3, event.aggregateType())
        .setParameter(4, event.aggregateId())
        .setParameter(5, event.agentId())
        .setParameter(6, event.merchantId())
        .setParameter(7, event.buyerRef())
        .setParameter(8, event.status())
        .setParameter(9, event.amount() == null ? null : event.amount().minorUnits())
        .setParameter(10, event.amount() == null ? null : event.amount().currencyCode())
        .setParameter(11, JSON.toJson(event.data()))
        // The request's trace: the event's webhook deliveries continue it (null: tracing is off).
        .setParameter(12, org.agentcommerce.platform.api.tracing.Tracing.traceparent())
        .executeUpdate();
    published.fire(new Published(id, event));
    return id;
  }
}
