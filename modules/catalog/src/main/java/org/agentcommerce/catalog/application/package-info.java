/**
 * Use-case services of the catalog context: CDI beans, @ApplicationScoped and @Transactional, that
 * orchestrate the domain.
 */
package org.agentcommerce.catalog.application;
