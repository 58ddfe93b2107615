/**
 * Security every module uses: the {@link org.agentcommerce.platform.api.security.Authenticated} and
 * {@link org.agentcommerce.platform.api.security.Idempotent} bindings, the caller and buyer of the
 * current request, buyer references, and per-minute rate limits for doors without a key.
 */
package org.agentcommerce.platform.api.security;
