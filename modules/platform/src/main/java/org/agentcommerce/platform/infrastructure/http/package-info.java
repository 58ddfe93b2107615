/**
 * The HTTP layer below the application: filters put into the server's HTTP listeners (Payara's
 * Grizzly) so that what it refuses before any servlet runs is answered in our error shape.
 */
package org.agentcommerce.platform.infrastructure.http;
