package org.agentcommerce.platform.interfaces.rest.openapi;

import org.agentcommerce.platform.interfaces.rest.WireNames;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * A property's name in the document: JSON-B's ({@link WireNames}), unless the property's schema
 * carries the extension {@value #KEEP}: then the name it was given ({@code @Schema(name = …)}) is
 * kept, for the members another service names in camelCase, which JSON-B binds by
 * {@code @JsonbProperty} (the origin's partner purchase address, docs/openapi.md).
 */
final class PropertyNames {

  static final String KEEP = "x-keep-name";

  private PropertyNames() {}

  static String of(String name, Schema schema) {
    boolean keep =
        schema != null
            && schema.getExtensions() != null
            && schema.getExtensions().containsKey(KEEP);
    return keep ? name : WireNames.toWire(name);
  }
}
