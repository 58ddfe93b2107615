/**
 * Shopping briefs as a use case: building, storing and reading them, checking products against
 * them, and recommending products for a need in the buyer's words.
 */
package org.agentcommerce.catalog.application.brief;
