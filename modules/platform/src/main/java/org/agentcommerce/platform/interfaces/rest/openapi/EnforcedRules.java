package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.validation.Valid;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.agentcommerce.platform.interfaces.rest.WireNames;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * Writes the Bean Validation rules the server enforces into the document, since the runtime's own
 * bean-validation scan is off (it fails on constrained query parameters): for each operation, the
 * constraints of its query, path and header parameters (method parameters, {@code @BeanParam}
 * fields and the resource's own fields) onto the documented parameters, and those of its
 * {@code @Valid} body record, through nested records and list elements, onto the body's schema and
 * the named components. {@link ConstraintSchemas} says what each constraint means in a schema.
 */
final class EnforcedRules {

  private static final String COMPONENT = "#/components/schemas/";

  private final OpenAPI openAPI;
  private final Map<Schema, Set<Class<?>>> done = new IdentityHashMap<>();

  private EnforcedRules(OpenAPI openAPI) {
    this.openAPI = openAPI;
  }

  static void document(OpenAPI openAPI, Collection<Class<?>> resources) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    Map<String, PathItem> items = new HashMap<>();
    openAPI.getPaths().getPathItems().forEach((path, item) -> items.put(normalize(path), item));
    EnforcedRules rules = new EnforcedRules(openAPI);
    for (Class<?> resource : resources) {
      String base = pathOf(resource);
      for (Method method : resource.getMethods()) {
        Method declared = jaxRsMethod(resource, method);
        if (declared == null || method.isBridge() || Modifier.isStatic(method.getModifiers())) {
          continue;
        }
        String verb = verb(declared);
        Path sub = declared.getAnnotation(Path.class);
        PathItem item = items.get(normalize(base + "/" + (sub == null ? "" : sub.value())));
        Operation operation = item == null ? null : operationOf(item, verb);
        if (operation != null) {
          rules.operation(resource, declared, operation);
        }
      }
    }
  }

  private void operation(Class<?> resource, Method method, Operation operation) {
    java.lang.reflect.Parameter[] parameters = method.getParameters();
    for (java.lang.reflect.Parameter p : parameters) {
      if (p.isAnnotationPresent(Context.class) || p.isAnnotationPresent(Suspended.class)) {
        continue;
      }
      if (p.isAnnotationPresent(BeanParam.class)) {
        for (Class<?> c = p.getType(); c != null && c != Object.class; c = c.getSuperclass()) {
          for (Field f : c.getDeclaredFields()) {
            parameter(operation, f, f.getType(), f.getAnnotatedType());
          }
        }
      } else if (!parameter(operation, p, p.getType(), p.getAnnotatedType())
          && !jaxRsParameter(p)) {
        body(operation, p);
      }
    }
    for (Class<?> c = resource; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        parameter(operation, f, f.getType(), f.getAnnotatedType());
      }
    }
  }

  private static boolean jaxRsParameter(AnnotatedElement element) {
    for (Annotation a : element.getAnnotations()) {
      if (a.annotationType().getPackageName().equals("jakarta.ws.rs")) {
        return true;
      }
    }
    return false;
  }

  /** A query, path or header parameter's rules; false when {@code element} is none of those. */
  private boolean parameter(
      Operation operation, AnnotatedElement element, Class<?> type, AnnotatedType annotated) {
    Parameter.In in;
    String name;
    QueryParam q = element.getAnnotation(QueryParam.class);
    PathParam p = element.getAnnotation(PathParam.class);
    HeaderParam h = element.getAnnotation(HeaderParam.class);
    if (q != null) {
      in = Parameter.In.QUERY;
      name = q.value();
    } else if (p != null) {
      in = Parameter.In.PATH;
      name = p.value();
    } else if (h != null) {
      in = Parameter.In.HEADER;
      name = h.value();
    } else {
      return false;
    }
    Parameter documented = find(operation, in, name);
    if (documented == null) {
      return true;
    }
    List<Annotation> constraints = ConstraintSchemas.constraints(element, annotated);
    if (ConstraintSchemas.requires(constraints)
        && !element.isAnnotationPresent(DefaultValue.class)) {
      documented.setRequired(Boolean.TRUE);
    }
    Schema schema = documented.getSchema();
    if (schema != null && schema.getRef() == null) {
      ConstraintSchemas.limit(schema, constraints, type);
      Schema items = schema.getItems();
      AnnotatedType element0 = elementType(annotated);
      if (items != null && element0 != null) {
        ConstraintSchemas.limit(
            items, ConstraintSchemas.constraints(null, element0), rawClass(element0.getType()));
      }
    }
    return true;
  }

  private static Parameter find(Operation operation, Parameter.In in, String name) {
    if (operation.getParameters() == null) {
      return null;
    }
    for (Parameter p : operation.getParameters()) {
      if (p.getIn() == in
          && p.getName() != null
          && (in == Parameter.In.HEADER
              ? p.getName().equalsIgnoreCase(name)
              : p.getName().equals(name))) {
        return p;
      }
    }
    return null;
  }

  /** The entity: its own limits (a list's size) and, when it is validated, its record's rules. */
  private void body(Operation operation, java.lang.reflect.Parameter entity) {
    if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
      return;
    }
    Map<String, MediaType> media = operation.getRequestBody().getContent().getMediaTypes();
    MediaType json =
        media == null ? null : media.get(jakarta.ws.rs.core.MediaType.APPLICATION_JSON);
    if (json == null || json.getSchema() == null) {
      return;
    }
    List<Annotation> constraints = ConstraintSchemas.constraints(entity, entity.getAnnotatedType());
    Schema schema = json.getSchema();
    ConstraintSchemas.limit(resolve(schema), constraints, entity.getType());
    if (entity.isAnnotationPresent(Valid.class)) {
      nested(schema, entity.getType(), entity.getAnnotatedType(), true);
    }
  }

  /** A cascaded value: a record's components, or a list's elements. */
  private void nested(Schema schema, Class<?> type, AnnotatedType annotated, boolean cascade) {
    if (schema == null) {
      return;
    }
    if (type.isRecord() && cascade) {
      record(schema, type);
      return;
    }
    AnnotatedType element = elementType(annotated);
    Schema target = resolve(schema);
    if (element != null && target.getItems() != null) {
      Class<?> elementClass = rawClass(element.getType());
      List<Annotation> constraints = ConstraintSchemas.constraints(null, element);
      ConstraintSchemas.limit(resolve(target.getItems()), constraints, elementClass);
      boolean valid = cascade || element.isAnnotationPresent(Valid.class);
      if (valid && elementClass.isRecord()) {
        record(target.getItems(), elementClass);
      }
    }
  }

  /** Each component's rules onto the property of its wire name, in the schema and its component. */
  private void record(Schema schema, Class<?> type) {
    List<Schema> targets = new ArrayList<>();
    targets.add(resolve(schema));
    Schema named = component(componentName(type));
    if (named != null && !targets.contains(named)) {
      targets.add(named);
    }
    for (Schema target : targets) {
      if (target == null
          || target.getProperties() == null
          || !done.computeIfAbsent(target, t -> new java.util.HashSet<>()).add(type)) {
        continue;
      }
      for (RecordComponent rc : type.getRecordComponents()) {
        String wire = WireNames.toWire(rc.getName());
        Schema property = target.getProperties().get(wire);
        if (property == null) {
          continue;
        }
        Field field = field(type, rc.getName());
        List<Annotation> constraints = ConstraintSchemas.constraints(field, rc.getAnnotatedType());
        org.eclipse.microprofile.openapi.annotations.media.Schema doc =
            field == null
                ? null
                : field.getAnnotation(
                    org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        ConstraintSchemas.declaredShape(property, doc, elementType(rc.getAnnotatedType()));
        if (ConstraintSchemas.requires(constraints)
            || (doc != null && doc.required())
            || ConstraintSchemas.defaultRefused(rc.getType(), constraints)) {
          List<String> required = target.getRequired();
          if (required == null || !required.contains(wire)) {
            target.addRequired(wire);
          }
          property.setNullable(null);
        }
        ConstraintSchemas.limit(resolve(property), constraints, rc.getType());
        boolean valid =
            (field != null && field.isAnnotationPresent(Valid.class))
                || rc.getAnnotatedType().isAnnotationPresent(Valid.class);
        nested(property, rc.getType(), rc.getAnnotatedType(), valid);
      }
    }
  }

  private static Field field(Class<?> type, String name) {
    try {
      return type.getDeclaredField(name);
    } catch (NoSuchFieldException e) {
      return null;
    }
  }

  private static String componentName(Class<?> type) {
    org.eclipse.microprofile.openapi.annotations.media.Schema annotation =
        type.getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
    return annotation != null && !annotation.name().isEmpty()
        ? annotation.name()
        : type.getSimpleName();
  }

  private Schema component(String name) {
    if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
      return null;
    }
    return openAPI.getComponents().getSchemas().get(name);
  }

  /** The schema a reference names, else the schema itself. */
  private Schema resolve(Schema schema) {
    for (int i = 0; i < 5 && schema != null && schema.getRef() != null; i++) {
      String ref = schema.getRef();
      Schema target =
          component(ref.startsWith(COMPONENT) ? ref.substring(COMPONENT.length()) : ref);
      if (target == null) {
        return schema;
      }
      schema = target;
    }
    return schema;
  }

  /** The element type of a {@code List<E>} or {@code Set<E>}, with its annotations. */
  private static AnnotatedType elementType(AnnotatedType type) {
    if (type instanceof AnnotatedParameterizedType p
        && p.getType() instanceof ParameterizedType pt
        && pt.getRawType() instanceof Class<?> raw
        && Collection.class.isAssignableFrom(raw)
        && p.getAnnotatedActualTypeArguments().length == 1) {
      return p.getAnnotatedActualTypeArguments()[0];
    }
    return null;
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    return Object.class;
  }

  /** The method that carries the JAX-RS annotations: this one, or the one it implements. */
  private static Method jaxRsMethod(Class<?> resource, Method method) {
    if (verb(method) != null) {
      return method;
    }
    List<Class<?>> types = new ArrayList<>();
    for (Class<?> c = resource; c != null && c != Object.class; c = c.getSuperclass()) {
      types.add(c);
      types.addAll(List.of(c.getInterfaces()));
    }
    for (Class<?> type : types) {
      try {
        Method m = type.getDeclaredMethod(method.getName(), method.getParameterTypes());
        if (verb(m) != null) {
          return m;
        }
      } catch (NoSuchMethodException e) {
        // not declared here
      }
    }
    return null;
  }

  private static String verb(Method method) {
    for (Annotation a : method.getAnnotations()) {
      HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
      if (http != null) {
        return http.value();
      }
    }
    return null;
  }

  private static String pathOf(Class<?> resource) {
    for (Class<?> c = resource; c != null && c != Object.class; c = c.getSuperclass()) {
      Path path = c.getAnnotation(Path.class);
      if (path != null) {
        return path.value();
      }
    }
    return "";
  }

  private static Operation operationOf(PathItem item, String verb) {
    return switch (verb.toUpperCase(Locale.ROOT)) {
      case "GET" -> item.getGET();
      case "POST" -> item.getPOST();
      case "PUT" -> item.getPUT();
      case "DELETE" -> item.getDELETE();
      case "PATCH" -> item.getPATCH();
      default -> null;
    };
  }

  /** A path as the document writes it: single slashes, no trailing one, no template regexes. */
  static String normalize(String path) {
    String plain = path.replaceAll("\\{\\s*([^}:\\s]+)\\s*(:[^}]*)?}", "{$1}");
    plain = ("/" + plain).replaceAll("/+", "/");
    return plain.length() > 1 && plain.endsWith("/")
        ? plain.substring(0, plain.length() - 1)
        : plain;
  }
}
