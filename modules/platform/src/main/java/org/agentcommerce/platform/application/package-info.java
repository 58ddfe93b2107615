/** Platform use cases as CDI services: node health now; keys, buyers and idempotency next. */
package org.agentcommerce.platform.application;
