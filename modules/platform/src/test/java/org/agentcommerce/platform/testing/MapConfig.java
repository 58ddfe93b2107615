package org.agentcommerce.platform.testing;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;

/** A MicroProfile {@link Config} backed by a map of strings, for unit tests. */
public final class MapConfig implements Config {

  private static final String SOURCE = "MapConfig";
  private static final int ORDINAL = 100;

  private static final Map<Class<?>, Function<String, ?>> CONVERTERS =
      Map.of(
          String.class, s -> s,
          Integer.class, s -> Integer.valueOf(s.trim()),
          Long.class, s -> Long.valueOf(s.trim()),
          Boolean.class, s -> Boolean.valueOf(s.trim()),
          Duration.class, s -> Duration.parse(s.trim()));

  private final Map<String, String> values;

  public MapConfig(Map<String, String> values) {
    this.values = new HashMap<>(values);
  }

  public static MapConfig of(String... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values come in pairs");
    }
    Map<String, String> map = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return new MapConfig(map);
  }

  /** Sets or replaces one property. */
  public MapConfig with(String key, String value) {
    values.put(key, value);
    return this;
  }

  @Override
  public <T> T getValue(String propertyName, Class<T> propertyType) {
    return getOptionalValue(propertyName, propertyType)
        .orElseThrow(() -> new NoSuchElementException("no property " + propertyName));
  }

  @Override
  public ConfigValue getConfigValue(String propertyName) {
    String value = values.get(propertyName);
    return new ConfigValue() {
      @Override
      public String getName() {
        return propertyName;
      }

      @Override
      public String getValue() {
        return value;
      }

      @Override
      public String getRawValue() {
        return value;
      }

      @Override
      public String getSourceName() {
        return value == null ? null : SOURCE;
      }

      @Override
      public int getSourceOrdinal() {
        return value == null ? 0 : ORDINAL;
      }
    };
  }

  @Override
  public <T> Optional<T> getOptionalValue(String propertyName, Class<T> propertyType) {
    String raw = values.get(propertyName);
    if (raw == null || raw.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(convert(raw, propertyType));
  }

  @Override
  public Iterable<String> getPropertyNames() {
    return Set.copyOf(values.keySet());
  }

  @Override
  public Iterable<ConfigSource> getConfigSources() {
    Map<String, String> snapshot = Map.copyOf(values);
    return List.of(
        new ConfigSource() {
          @Override
          public Set<String> getPropertyNames() {
            return snapshot.keySet();
          }

          @Override
          public String getValue(String propertyName) {
            return snapshot.get(propertyName);
          }

          @Override
          public String getName() {
            return SOURCE;
          }

          @Override
          public int getOrdinal() {
            return ORDINAL;
          }
        });
  }

  @Override
  public <T> Optional<Converter<T>> getConverter(Class<T> forType) {
    if (!CONVERTERS.containsKey(forType)) {
      return Optional.empty();
    }
    Converter<T> converter = value -> convert(value, forType);
    return Optional.of(converter);
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new IllegalArgumentException("MapConfig cannot be unwrapped to " + type);
  }

  private static <T> T convert(String raw, Class<T> type) {
    Function<String, ?> converter = CONVERTERS.get(type);
    if (converter == null) {
      throw new IllegalArgumentException("MapConfig cannot convert to " + type);
    }
    return type.cast(converter.apply(raw));
  }
}
