/** Checkout's operator MBeans under {@code org.agentcommerce} (docs/operations.md). */
package org.agentcommerce.checkout.interfaces.jmx;
