/**
 * The payment module's exported surface: service interfaces, DTOs and ports other modules may use.
 * Nothing else of this module is visible outside it.
 */
package org.agentcommerce.payment.api;
