/**
 * Security every module uses: the {@link org.agentcommerce.platform.api.security.Authenticated} and
 * {@link org.agentcommerce.platform.api.security.Idempotent} bindings, the caller and buyer of the
 * current request, and buyer references.
 */
package org.agentcommerce.platform.api.security;
