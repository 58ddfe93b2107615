package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.ws.rs.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JAX-RS resource classes of the deployment, as CDI discovers them (every resource is a CDI
 * bean): {@link EnforcedRules} reads their Bean Validation constraints into the document. The
 * runtime derives the document on its first request, long after discovery.
 */
public class ResourceClasses implements Extension {

  private static final Set<Class<?>> FOUND = ConcurrentHashMap.newKeySet();

  <T> void found(@Observes @WithAnnotations(Path.class) ProcessAnnotatedType<T> type) {
    Class<T> javaClass = type.getAnnotatedType().getJavaClass();
    if (javaClass.isAnnotationPresent(Path.class)) {
      FOUND.add(javaClass);
    }
  }

  /** The resource classes found, by name (the same document at every start). */
  static List<Class<?>> all() {
    return FOUND.stream().sorted(java.util.Comparator.comparing(Class::getName)).toList();
  }
}
