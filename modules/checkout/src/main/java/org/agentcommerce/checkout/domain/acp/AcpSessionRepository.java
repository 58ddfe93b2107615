package org.agentcommerce.checkout.domain.acp;

import java.util.Optional;

/** Where ACP checkout sessions are kept. */
public interface AcpSessionRepository {

  void add(AcpSession session);

  /** The agent's session, its row locked until the transaction ends. */
  Optional<AcpSession> lockForAgent(String agentId, String sessionId);

  /** The agent's session, read without a lock. */
  Optional<AcpSession> findForAgent(String agentId, String sessionId);

  /** The agent's session whose order this is, read without a lock. */
  Optional<AcpSession> findByOrder(String agentId, String orderId);
}
