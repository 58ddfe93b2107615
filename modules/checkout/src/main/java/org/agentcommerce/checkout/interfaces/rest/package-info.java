/**
 * Thin JAX-RS resources and wire DTOs of the checkout context: validate, call the application
 * layer, map to DTOs.
 */
package org.agentcommerce.checkout.interfaces.rest;
