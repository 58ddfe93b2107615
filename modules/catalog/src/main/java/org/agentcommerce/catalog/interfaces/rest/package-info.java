/**
 * Thin JAX-RS resources and wire DTOs of the catalog context: validate, call the application layer,
 * map to DTOs.
 */
package org.agentcommerce.catalog.interfaces.rest;
