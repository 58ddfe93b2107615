package org.agentcommerce.platform.api.events;

import java.util.Map;
import java.util.Objects;
import org.agentcommerce.platform.api.Money;

/**
 * Something that happened to an aggregate (an order, a payment), as the module that changed it
 * tells it: type ({@code order.created}), the aggregate, the agent and merchant it belongs to, the
 * buyer reference, the aggregate's status after the change, an amount when there is one, and
 * type-specific data (JSON-able values: strings, numbers, booleans, lists and maps of them).
 */
public record DomainEvent(
    String type,
    String aggregateType,
    String aggregateId,
    String agentId,
    String merchantId,
    String buyerRef,
    String status,
    Money amount,
    Map<String, Object> data) {

  public DomainEvent {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(aggregateType, "aggregateType");
    Objects.requireNonNull(aggregateId, "aggregateId");
    Objects.requireNonNull(agentId, "agentId");
    data = data == null ? Map.of() : Map.copyOf(data);
  }
}
