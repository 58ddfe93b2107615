/**
 * Thin JAX-RS resources and wire DTOs of the payment context: validate, call the application layer,
 * map to DTOs.
 */
package org.agentcommerce.payment.interfaces.rest;
