package org.agentcommerce.platform.interfaces.rest.openapi;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * What a Bean Validation constraint means in a schema: {@code @NotNull}, {@code @NotBlank} and
 * {@code @NotEmpty} make a member required; {@code @NotBlank} is also {@code minLength: 1} and a
 * pattern asking for a character that is not white space; {@code @Size} is a length, a number of
 * items or of members by the Java type; {@code @Pattern} must match the whole value, so it is
 * anchored; {@code @Min}, {@code @Max}, {@code @DecimalMin}, {@code @DecimalMax} and the sign
 * constraints are bounds; {@code @Email} is {@code format: email}. Where the annotation already
 * states a bound the tighter one is kept.
 */
final class ConstraintSchemas {

  private static final String CONSTRAINTS = "jakarta.validation.constraints";

  private ConstraintSchemas() {}

  /** The constraints declared on {@code element} (may be null) and on its type. */
  static List<Annotation> constraints(AnnotatedElement element, AnnotatedType type) {
    Set<Annotation> out = new LinkedHashSet<>();
    if (element != null) {
      for (Annotation a : element.getAnnotations()) {
        add(out, a);
      }
    }
    if (type != null) {
      for (Annotation a : type.getAnnotations()) {
        add(out, a);
      }
    }
    return new ArrayList<>(out);
  }

  private static void add(Set<Annotation> out, Annotation a) {
    if (a.annotationType().getPackageName().equals(CONSTRAINTS)) {
      out.add(a);
      return;
    }
    // A repeated constraint comes as its container (@Size.List).
    try {
      java.lang.reflect.Method value = a.annotationType().getMethod("value");
      if (value.getReturnType().isArray()
          && value.getReturnType().getComponentType().getPackageName().equals(CONSTRAINTS)) {
        for (Object inner : (Object[]) value.invoke(a)) {
          out.add((Annotation) inner);
        }
      }
    } catch (ReflectiveOperationException notAContainer) {
      // no value(): not a container
    }
  }

  /** A decimal a client may send as a plain decimal string or a JSON number, never negative. */
  private static final String DECIMAL_STRING = "^[0-9]+(\\.[0-9]+)?$";

  /**
   * What the runtime gets wrong about a member's shape, from its declaration: {@code List<String>}
   * items typed as arrays are strings; a JSON value annotated {@code oneOf = {String.class,
   * BigDecimal.class}} (which the runtime ignores, leaving "any JSON value") is a decimal string or
   * a number ({@link org.agentcommerce.platform.api.WireDecimal}).
   */
  static void declaredShape(
      Schema property,
      org.eclipse.microprofile.openapi.annotations.media.Schema doc,
      java.lang.reflect.AnnotatedType element) {
    if (property == null) {
      return;
    }
    Schema items = property.getItems();
    if (items != null
        && element != null
        && element.getType() == String.class
        && items.getType() == Schema.SchemaType.ARRAY
        && items.getItems() == null) {
      items.setType(Schema.SchemaType.STRING);
    }
    boolean anyJsonValue = property.getRef() == null || property.getRef().endsWith("/JsonValue");
    if (doc == null
        || property.getType() != null
        || !anyJsonValue
        || (property.getAnyOf() != null && !property.getAnyOf().isEmpty())) {
      return;
    }
    List<Class<?>> oneOf = List.of(doc.oneOf());
    if (oneOf.size() == 2 && oneOf.contains(String.class) && oneOf.contains(BigDecimal.class)) {
      property.setRef(null);
      property.setAnyOf(
          List.of(
              org.eclipse.microprofile.openapi.OASFactory.createSchema()
                  .type(Schema.SchemaType.STRING)
                  .pattern(DECIMAL_STRING)
                  .maxLength(64),
              org.eclipse.microprofile.openapi.OASFactory.createSchema()
                  .type(Schema.SchemaType.NUMBER)
                  .minimum(BigDecimal.ZERO)));
    }
  }

  /**
   * A primitive member left out binds as 0, which a lower bound above 0 refuses: such a member is
   * required in fact.
   */
  static boolean defaultRefused(Class<?> type, List<Annotation> constraints) {
    if (!type.isPrimitive() || type == boolean.class) {
      return false;
    }
    return constraints.stream()
        .anyMatch(
            a ->
                (a instanceof Min m && m.value() > 0)
                    || (a instanceof DecimalMin d && new BigDecimal(d.value()).signum() > 0)
                    || a instanceof Positive);
  }

  /** A value the constraints refuse when it is missing or null. */
  static boolean requires(List<Annotation> constraints) {
    return constraints.stream()
        .anyMatch(a -> a instanceof NotNull || a instanceof NotBlank || a instanceof NotEmpty);
  }

  /** The constraints' limits onto {@code schema}, as they apply to a value of {@code type}. */
  static void limit(Schema schema, List<Annotation> constraints, Class<?> type) {
    if (schema == null) {
      return;
    }
    boolean text = CharSequence.class.isAssignableFrom(type);
    boolean items = Collection.class.isAssignableFrom(type) || type.isArray();
    boolean members = Map.class.isAssignableFrom(type);
    boolean number =
        Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class);
    for (Annotation a : constraints) {
      if (a instanceof NotBlank && text) {
        schema.setMinLength(atLeast(schema.getMinLength(), 1));
        if (schema.getPattern() == null) {
          schema.setPattern("\\S");
        }
      } else if (a instanceof NotEmpty) {
        size(schema, 1, Integer.MAX_VALUE, text, items, members);
      } else if (a instanceof Size s) {
        size(schema, s.min(), s.max(), text, items, members);
      } else if (a instanceof Pattern p && text) {
        if (!("^" + p.regexp() + "$").equals(schema.getPattern())) {
          schema.setPattern(anchored(p.regexp()));
        }
      } else if (a instanceof Email && text) {
        if (schema.getFormat() == null) {
          schema.setFormat("email");
        }
      } else if (number) {
        bound(schema, a);
      }
    }
  }

  private static void size(
      Schema schema, int min, int max, boolean text, boolean items, boolean members) {
    Integer lower = min > 0 ? min : null;
    Integer upper = max < Integer.MAX_VALUE ? max : null;
    if (text) {
      schema.setMinLength(atLeast(schema.getMinLength(), lower));
      schema.setMaxLength(atMost(schema.getMaxLength(), upper));
    } else if (items) {
      schema.setMinItems(atLeast(schema.getMinItems(), lower));
      schema.setMaxItems(atMost(schema.getMaxItems(), upper));
    } else if (members) {
      schema.setMinProperties(atLeast(schema.getMinProperties(), lower));
      schema.setMaxProperties(atMost(schema.getMaxProperties(), upper));
    }
  }

  private static void bound(Schema schema, Annotation a) {
    if (a instanceof Min m) {
      lower(schema, BigDecimal.valueOf(m.value()), false);
    } else if (a instanceof Max m) {
      upper(schema, BigDecimal.valueOf(m.value()), false);
    } else if (a instanceof DecimalMin m) {
      lower(schema, new BigDecimal(m.value()), !m.inclusive());
    } else if (a instanceof DecimalMax m) {
      upper(schema, new BigDecimal(m.value()), !m.inclusive());
    } else if (a instanceof Positive) {
      lower(schema, BigDecimal.ZERO, true);
    } else if (a instanceof PositiveOrZero) {
      lower(schema, BigDecimal.ZERO, false);
    } else if (a instanceof Negative) {
      upper(schema, BigDecimal.ZERO, true);
    } else if (a instanceof NegativeOrZero) {
      upper(schema, BigDecimal.ZERO, false);
    }
  }

  private static void lower(Schema schema, BigDecimal value, boolean exclusive) {
    BigDecimal current = schema.getMinimum();
    boolean currentExclusive = Boolean.TRUE.equals(schema.getExclusiveMinimum());
    int c = current == null ? 1 : value.compareTo(current);
    if (c > 0 || (c == 0 && exclusive && !currentExclusive)) {
      schema.setMinimum(value);
      schema.setExclusiveMinimum(exclusive ? Boolean.TRUE : null);
    }
  }

  private static void upper(Schema schema, BigDecimal value, boolean exclusive) {
    BigDecimal current = schema.getMaximum();
    boolean currentExclusive = Boolean.TRUE.equals(schema.getExclusiveMaximum());
    int c = current == null ? -1 : value.compareTo(current);
    if (c < 0 || (c == 0 && exclusive && !currentExclusive)) {
      schema.setMaximum(value);
      schema.setExclusiveMaximum(exclusive ? Boolean.TRUE : null);
    }
  }

  private static Integer atLeast(Integer current, Integer value) {
    if (value == null) {
      return current;
    }
    return current == null ? value : Math.max(current, value);
  }

  private static Integer atMost(Integer current, Integer value) {
    if (value == null) {
      return current;
    }
    return current == null ? value : Math.min(current, value);
  }

  /** Bean Validation matches the whole value; a JSON Schema pattern matches anywhere in it. */
  static String anchored(String regexp) {
    if (regexp.startsWith("^") && regexp.endsWith("$")) {
      return regexp;
    }
    return "^(?:" + regexp + ")$";
  }
}
