/**
 * Use-case services of the events context: CDI beans, @ApplicationScoped and @Transactional, that
 * orchestrate the domain.
 */
package org.agentcommerce.events.application;
