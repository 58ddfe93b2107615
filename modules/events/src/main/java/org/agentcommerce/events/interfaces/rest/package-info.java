/**
 * Thin JAX-RS resources and wire DTOs of the events context: validate, call the application layer,
 * map to DTOs.
 */
package org.agentcommerce.events.interfaces.rest;
