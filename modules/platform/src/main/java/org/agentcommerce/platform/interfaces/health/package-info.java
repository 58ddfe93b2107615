/** MicroProfile Health checks behind {@code /health/ready} and {@code /health/live}. */
package org.agentcommerce.platform.interfaces.health;
