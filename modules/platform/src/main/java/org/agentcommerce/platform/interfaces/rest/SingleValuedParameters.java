package org.agentcommerce.platform.interfaces.rest;

import jakarta.annotation.Priority;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agentcommerce.platform.api.InvalidInputException;
import org.agentcommerce.platform.api.InvalidInputException.Violation;

/**
 * A query parameter that an operation takes once ({@code ?limit=5&limit=500}) is 422 at {@code
 * ["query", name]} when sent more than once, instead of JAX-RS silently taking the first value.
 * Parameters declared as lists keep taking every value. Applies to every operation, by its
 * declaration, after authentication and before anything is claimed or changed.
 */
@Provider
@Priority(Priorities.AUTHORIZATION - 50)
public class SingleValuedParameters implements ContainerRequestFilter {

  private static final Map<Method, List<String>> SINGLE = new ConcurrentHashMap<>();

  @Context ResourceInfo resource;

  @Override
  public void filter(ContainerRequestContext request) {
    Method method = resource.getResourceMethod();
    if (method == null) {
      return;
    }
    var query = request.getUriInfo().getQueryParameters();
    List<Violation> violations = new ArrayList<>();
    for (String name : SINGLE.computeIfAbsent(method, SingleValuedParameters::singleValued)) {
      List<String> values = query.get(name);
      if (values != null && values.size() > 1) {
        violations.add(
            new Violation(
                List.of("query", name),
                "Input should be given once; it was given " + values.size() + " times",
                "value_error.duplicate_parameter"));
      }
    }
    if (!violations.isEmpty()) {
      throw new InvalidInputException(violations);
    }
  }

  private static List<String> singleValued(Method method) {
    List<String> names = new ArrayList<>();
    for (Parameter parameter : method.getParameters()) {
      add(names, parameter.getAnnotation(QueryParam.class), parameter.getType());
      if (parameter.isAnnotationPresent(BeanParam.class)) {
        beanFields(names, parameter.getType());
      }
    }
    return List.copyOf(names);
  }

  /** The query parameters declared by the fields of a {@code @BeanParam} class (and its own). */
  private static void beanFields(List<String> names, Class<?> bean) {
    for (Class<?> c = bean; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        add(names, field.getAnnotation(QueryParam.class), field.getType());
        if (field.isAnnotationPresent(BeanParam.class)) {
          beanFields(names, field.getType());
        }
      }
    }
  }

  private static void add(List<String> names, QueryParam query, Class<?> type) {
    if (query != null && !type.isArray() && !Collection.class.isAssignableFrom(type)) {
      names.add(query.value());
    }
  }
}
