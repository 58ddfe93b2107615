/** The served OpenAPI document: the filter that completes it and the 3.1 conversion. */
package org.agentcommerce.platform.interfaces.rest.openapi;
