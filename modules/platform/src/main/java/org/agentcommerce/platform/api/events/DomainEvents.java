package org.agentcommerce.platform.api.events;

/**
 * The port through which modules publish domain events. An event is written in the caller's
 * transaction (there must be one): it exists if and only if the change that caused it commits.
 * After the commit, observers of {@link Published} on this node are told (to wake long-pollers and
 * deliverers); the stored event is the truth, the notification only a hint.
 */
public interface DomainEvents {

  /** Records the event in the current transaction and answers its id ({@code evt_…}). */
  String publish(DomainEvent event);

  /** Fired (CDI, after the transaction succeeded) for each event published in it. */
  record Published(String eventId, DomainEvent event) {}
}
