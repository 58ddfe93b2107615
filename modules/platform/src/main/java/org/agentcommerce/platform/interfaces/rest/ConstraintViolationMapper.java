package org.agentcommerce.platform.interfaces.rest;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.agentcommerce.platform.api.InvalidInputException.Violation;

/**
 * Bean Validation failures on resource parameters become 422 with locations a client can follow:
 * {@code ["query","limit"]} for a query parameter, {@code ["body","items",0,"quantity"]} for a body
 * field. A failure on a return value is our bug, not the client's, and answers 500.
 */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

  private static final Logger LOG = Logger.getLogger(ConstraintViolationMapper.class.getName());

  @Override
  public Response toResponse(ConstraintViolationException e) {
    List<Violation> violations = new ArrayList<>();
    for (ConstraintViolation<?> violation : e.getConstraintViolations()) {
      if (isReturnValue(violation)) {
        LOG.log(Level.SEVERE, "Response failed its own constraints: {0}", e.getMessage());
        return ErrorBodies.error(
            500, "INTERNAL_ERROR", "The server produced an invalid response.", java.util.Map.of());
      }
      violations.add(new Violation(location(violation), violation.getMessage(), type(violation)));
    }
    violations.sort(Comparator.comparing(v -> v.loc().toString()));
    return ErrorBodies.validation(violations);
  }

  private static boolean isReturnValue(ConstraintViolation<?> violation) {
    for (Path.Node node : violation.getPropertyPath()) {
      if (node.getKind() == ElementKind.RETURN_VALUE) {
        return true;
      }
    }
    return false;
  }

  static List<Object> location(ConstraintViolation<?> violation) {
    List<Object> loc = new ArrayList<>();
    Method method = null;
    Class<?> beanParam = null;
    for (Path.Node node : violation.getPropertyPath()) {
      switch (node.getKind()) {
        case METHOD -> method = findMethod(violation.getRootBeanClass(), node);
        case PARAMETER -> {
          beanParam = beanParamType(method, node);
          if (beanParam == null) {
            loc.addAll(parameterLocation(method, node));
          }
        }
        case PROPERTY, CONTAINER_ELEMENT -> {
          if (beanParam != null) {
            // A field of a @BeanParam: its own @QueryParam (or header, path) says where it is.
            loc.addAll(fieldLocation(beanParam, node.getName()));
            beanParam = null;
            continue;
          }
          // A node's index or key is its place in the container that holds it, so it comes
          // before its own name: items[0].product_id is ["items", 0, "product_id"].
          if (node.isInIterable()) {
            if (node.getIndex() != null) {
              loc.add(node.getIndex());
            } else if (node.getKey() != null) {
              loc.add(String.valueOf(node.getKey()));
            }
          }
          if (node.getName() != null && !node.getName().startsWith("<")) {
            loc.add(WireNames.toWire(node.getName()));
          }
        }
        default -> {
          // BEAN, CONSTRUCTOR, CROSS_PARAMETER and RETURN_VALUE add no location of their own.
        }
      }
    }
    if (loc.isEmpty()) {
      loc.add("body");
    }
    return loc;
  }

  private static Method findMethod(Class<?> type, Path.Node node) {
    List<Class<?>> parameterTypes = node.as(Path.MethodNode.class).getParameterTypes();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      try {
        return c.getDeclaredMethod(node.getName(), parameterTypes.toArray(Class<?>[]::new));
      } catch (NoSuchMethodException ignored) {
        // Look in the superclass: CDI proxies subclass the resource.
      }
    }
    return null;
  }

  private static Class<?> beanParamType(Method method, Path.Node node) {
    int index = node.as(Path.ParameterNode.class).getParameterIndex();
    if (method == null || index >= method.getParameterCount()) {
      return null;
    }
    for (Annotation a : method.getParameterAnnotations()[index]) {
      if (a instanceof BeanParam) {
        return method.getParameterTypes()[index];
      }
    }
    return null;
  }

  private static List<Object> fieldLocation(Class<?> bean, String fieldName) {
    for (Class<?> c = bean; c != null && c != Object.class; c = c.getSuperclass()) {
      try {
        Field field = c.getDeclaredField(fieldName);
        QueryParam q = field.getAnnotation(QueryParam.class);
        if (q != null) {
          return List.of("query", q.value());
        }
        HeaderParam h = field.getAnnotation(HeaderParam.class);
        if (h != null) {
          return List.of("header", h.value());
        }
        PathParam p = field.getAnnotation(PathParam.class);
        if (p != null) {
          return List.of("path", p.value());
        }
      } catch (NoSuchFieldException ignored) {
        // look in the superclass
      }
    }
    return List.of("query", WireNames.toWire(fieldName));
  }

  private static List<Object> parameterLocation(Method method, Path.Node node) {
    int index = node.as(Path.ParameterNode.class).getParameterIndex();
    if (method != null && index < method.getParameterCount()) {
      for (Annotation a : method.getParameterAnnotations()[index]) {
        if (a instanceof QueryParam q) {
          return List.of("query", q.value());
        } else if (a instanceof PathParam p) {
          return List.of("path", p.value());
        } else if (a instanceof HeaderParam h) {
          return List.of("header", h.value());
        } else if (a instanceof FormParam f) {
          return List.of("body", f.value());
        } else if (a instanceof CookieParam c) {
          return List.of("cookie", c.value());
        }
      }
    }
    return List.of("body");
  }

  private static String type(ConstraintViolation<?> violation) {
    String annotation =
        violation.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName();
    return switch (annotation) {
      case "NotNull", "NotBlank", "NotEmpty" -> "missing";
      case "Min", "DecimalMin", "Positive", "PositiveOrZero" -> "greater_than_equal";
      case "Max", "DecimalMax", "Negative", "NegativeOrZero" -> "less_than_equal";
      case "Size" -> "string_or_list_length";
      case "Email" -> "value_error.email";
      case "Pattern" -> "string_pattern_mismatch";
      default -> "value_error";
    };
  }
}
