/**
 * Thin JAX-RS resources and wire DTOs of the mcp context: validate, call the application layer, map
 * to DTOs.
 */
package org.agentcommerce.mcp.interfaces.rest;
