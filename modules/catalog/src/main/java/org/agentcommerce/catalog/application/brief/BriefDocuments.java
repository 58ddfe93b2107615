package org.agentcommerce.catalog.application.brief;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import org.agentcommerce.catalog.domain.brief.Assumption;
import org.agentcommerce.catalog.domain.brief.Evidence;
import org.agentcommerce.catalog.domain.brief.ParsedBrief;
import org.agentcommerce.catalog.domain.brief.Question;

/** Writes a parsed brief as the brief document (schema 0.1.0) agents receive, and reads it back. */
final class BriefDocuments {

  static final String SCHEMA_VERSION = "0.1.0";
  static final JsonProvider JSON = org.agentcommerce.platform.api.Jsonp.PROVIDER;

  private BriefDocuments() {}

  static JsonObject document(ParsedBrief b, String briefId, Instant createdAt) {
    JsonObjectBuilder doc = JSON.createObjectBuilder();
    doc.add("schema_version", SCHEMA_VERSION);
    doc.add("brief_id", briefId);
    doc.add("created_at", createdAt.toString());
    doc.add(
        "market",
        JSON.createObjectBuilder()
            .add("market", nullable(b.market()))
            .add("locale", nullable(b.locale()))
            .add("currency", nullable(b.currency())));
    doc.add(
        "raw_intent", JSON.createObjectBuilder().add("text", b.rawText()).add("lang", b.lang()));
    doc.add("vertical", nullable(b.vertical()));
    doc.add("suggested_vertical", nullable(b.suggestedVertical()));
    doc.add("category", nullable(b.category()));
    doc.add("product_type", nullable(b.productType()));

    JsonObjectBuilder constraints = JSON.createObjectBuilder();
    if (b.budget() != null) {
      constraints.add(
          "budget",
          JSON.createObjectBuilder()
              .add("currency", nullable(b.budget().currency()))
              .add("min", number(b.budget().min()))
              .add("max", number(b.budget().max())));
    } else {
      constraints.add("budget", jakarta.json.JsonValue.NULL);
    }
    constraints.add(
        "availability", JSON.createObjectBuilder().add("in_stock_only", b.inStockOnly()));
    constraints.add(
        "merchants",
        JSON.createObjectBuilder().add("allowed_merchant_ids", strings(java.util.List.of())));
    constraints.add(
        "brands",
        JSON.createObjectBuilder()
            .add("wanted", strings(b.brandsWanted()))
            .add("avoided", strings(b.brandsAvoided())));
    constraints.add("price_tier", nullable(b.priceTier()));
    doc.add("constraints", constraints);

    JsonArrayBuilder items = JSON.createArrayBuilder();
    int n = 0;
    for (String type : b.productTypes()) {
      items.add(
          JSON.createObjectBuilder()
              .add("item_id", "item_" + (++n))
              .add("category", nullable(b.category()))
              .add("product_type", type)
              .add("quantity", b.quantity() == null ? 1 : b.quantity())
              .add("must_have_ingredients", strings(b.wantedIngredients()))
              .add("avoid_ingredients", strings(b.exclusions())));
    }
    if (n == 0 && b.category() != null) {
      items.add(
          JSON.createObjectBuilder()
              .add("item_id", "item_1")
              .add("category", b.category())
              .add("product_type", jakarta.json.JsonValue.NULL)
              .add("quantity", b.quantity() == null ? 1 : b.quantity())
              .add("must_have_ingredients", strings(b.wantedIngredients()))
              .add("avoid_ingredients", strings(b.exclusions())));
    }
    doc.add("proposed_items", items);
    doc.add("unknowns", strings(b.unknowns()));
    JsonArrayBuilder assumptions = JSON.createArrayBuilder();
    for (Assumption a : b.assumptions()) {
      assumptions.add(
          JSON.createObjectBuilder()
              .add("id", a.id())
              .add("text", a.text())
              .add("confidence", BigDecimal.valueOf(a.confidence())));
    }
    doc.add("assumptions", assumptions);
    JsonArrayBuilder rules = JSON.createArrayBuilder();
    for (Evidence e : b.evidence()) {
      JsonObjectBuilder rule =
          JSON.createObjectBuilder()
              .add("rule_id", e.ruleId())
              .add("field", snake(e.field()))
              .add("value", nullable(e.value()))
              .add("reason", nullable(e.reason()));
      rule.add(
          "span",
          e.hasSpan()
              ? JSON.createObjectBuilder()
                  .add("start", e.start())
                  .add("end", e.end())
                  .add("text", e.text())
                  .build()
              : jakarta.json.JsonValue.NULL);
      rules.add(rule);
    }
    doc.add("evidence", JSON.createObjectBuilder().add("applied_rules", rules));
    doc.add(
        "extensions",
        JSON.createObjectBuilder()
            .add(
                "beauty",
                JSON.createObjectBuilder()
                    .add("skin_type", nullable(b.skinType()))
                    .add("sensitive_skin", b.sensitiveSkin())
                    .add("concerns", strings(b.concerns()))
                    .add("avoid_ingredients", strings(b.exclusions()))
                    .add("wanted_ingredients", strings(b.wantedIngredients()))
                    .add(
                        "min_spf",
                        b.minSpf() == null
                            ? jakarta.json.JsonValue.NULL
                            : JSON.createValue(b.minSpf()))
                    .add("gift", b.giftIntent())));
    doc.add(
        "quantity",
        b.quantity() == null ? jakarta.json.JsonValue.NULL : JSON.createValue(b.quantity()));
    doc.add("confidence", BigDecimal.valueOf(b.confidence()));
    return doc.build();
  }

  static jakarta.json.JsonArray questions(Collection<Question> questions) {
    JsonArrayBuilder out = JSON.createArrayBuilder();
    for (Question q : questions) {
      JsonObjectBuilder o =
          JSON.createObjectBuilder().add("id", q.id()).add("text", q.text()).add("type", q.type());
      if (q.unit() != null) {
        o.add("unit", q.unit());
      }
      if (q.choices() != null) {
        o.add("choices", strings(q.choices()));
      }
      out.add(o);
    }
    return out.build();
  }

  /** {@code productType} → {@code product_type}: field names as the wire spells them. */
  static String snake(String camel) {
    StringBuilder out = new StringBuilder(camel.length() + 4);
    for (char ch : camel.toCharArray()) {
      if (Character.isUpperCase(ch)) {
        out.append('_').append(Character.toLowerCase(ch));
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  static JsonObject parse(String json) {
    try (var reader = JSON.createReader(new StringReader(json))) {
      return reader.readObject();
    }
  }

  static jakarta.json.JsonValue nullable(String s) {
    return s == null ? jakarta.json.JsonValue.NULL : JSON.createValue(s);
  }

  private static jakarta.json.JsonValue number(BigDecimal d) {
    return d == null ? jakarta.json.JsonValue.NULL : JSON.createValue(d);
  }

  static JsonArrayBuilder strings(Collection<String> values) {
    JsonArrayBuilder a = JSON.createArrayBuilder();
    values.forEach(a::add);
    return a;
  }
}
