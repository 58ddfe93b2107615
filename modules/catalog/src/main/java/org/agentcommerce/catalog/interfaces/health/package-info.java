/** MicroProfile Health checks of the catalog. */
package org.agentcommerce.catalog.interfaces.health;
