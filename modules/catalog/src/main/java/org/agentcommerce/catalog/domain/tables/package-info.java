/**
 * The catalog's word lists and tables that are data, not code: UTF-8 resource files beside the
 * classes that use them, read once when those classes are initialised.
 */
package org.agentcommerce.catalog.domain.tables;
