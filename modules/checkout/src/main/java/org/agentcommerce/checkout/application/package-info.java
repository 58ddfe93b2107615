/**
 * Use-case services of the checkout context: CDI beans, @ApplicationScoped and @Transactional, that
 * orchestrate the domain.
 */
package org.agentcommerce.checkout.application;
