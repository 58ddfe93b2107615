/**
 * The platform's exported surface: money, identifiers, the error types every module throws, and
 * version constants. Other modules depend on this package only.
 */
package org.agentcommerce.platform.api;
