/**
 * The REST contract every module shares: JSON naming, the two error bodies and the exception
 * mappers that produce them, and the service endpoints (health).
 */
package org.agentcommerce.platform.interfaces.rest;
