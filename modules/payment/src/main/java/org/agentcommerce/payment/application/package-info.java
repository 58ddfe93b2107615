/**
 * Use-case services of the payment context: CDI beans, @ApplicationScoped and @Transactional, that
 * orchestrate the domain.
 */
package org.agentcommerce.payment.application;
