/** Domain events: the port modules publish through, written in the caller's transaction. */
package org.agentcommerce.platform.api.events;
