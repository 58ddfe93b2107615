/**
 * Thin JAX-RS resources and wire DTOs of the packs context: validate, call the application layer,
 * map to DTOs.
 */
package org.agentcommerce.packs.interfaces.rest;
