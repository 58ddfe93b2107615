/**
 * The timeline and webhook model: records and the store interfaces the infrastructure implements.
 */
package org.agentcommerce.events.domain;
