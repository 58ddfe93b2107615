package org.agentcommerce.mcp.application.tools;

/** The JSON Schemas the checkout tools share (2020-12, the doors' validated subset). */
final class CheckoutSchemas {

  private CheckoutSchemas() {}

  static final String KEY =
      """
      "idempotency_key":{"type":"string","minLength":8,"maxLength":255,
        "description":"Your key for this action (at least 8 characters): repeating the call with the same key and arguments answers the first result and never acts twice."}""";

  static final String SESSION_ID =
      """
      "session_id":{"type":"string","minLength":1,"maxLength":40,"pattern":"^csn_[A-Za-z0-9]+$",
        "description":"The checkout session (csn_...)."}""";

  static final String ORDER_ID =
      """
      "order_id":{"type":"string","minLength":1,"maxLength":40,
        "description":"The order (ord_...)."}""";

  static final String EMAIL =
      """
      {"type":"string","minLength":3,"maxLength":320,"pattern":"^[^@\\\\s]+@[^@\\\\s]+$",
        "description":"The buyer's e-mail address."}""";

  static final String ADDRESS =
      """
      {"type":"object","additionalProperties":false,
       "required":["name","address_line1","city","postal_code","country"],
       "description":"Where the order ships: name, address_line1, city, postal_code and country are needed together.",
       "properties":{
        "name":{"type":"string","minLength":1,"maxLength":200},
        "address_line1":{"type":"string","minLength":1,"maxLength":300},
        "address_line2":{"type":"string","maxLength":300},
        "city":{"type":"string","minLength":1,"maxLength":200},
        "state":{"type":"string","maxLength":100,"description":"Region or state code (a US state decides its sales tax)."},
        "postal_code":{"type":"string","minLength":1,"maxLength":20},
        "country":{"type":"string","pattern":"^[A-Za-z]{2}$","description":"ISO 3166-1 alpha-2."},
        "phone":{"type":"string","maxLength":40}}}""";

  static final String QUOTE =
      """
      {"type":"object","additionalProperties":false,"required":["merchant_id","items"],
       "description":"What to buy: one merchant's items, priced by the server.",
       "properties":{
        "merchant_id":{"type":"string","minLength":1,"maxLength":64},
        "items":{"type":"array","minItems":1,"maxItems":50,
          "items":{"type":"object","additionalProperties":false,"required":["product_id","quantity"],
           "properties":{
            "product_id":{"type":"string","minLength":1,"maxLength":200,
              "description":"Our product id (prod_...), the platform's id or handle."},
            "variant_id":{"type":"string","minLength":1,"maxLength":200,
              "description":"The variant (from get_product's variants[].variant_id); needed when the product has several."},
            "sku_id":{"type":"string","minLength":1,"maxLength":200,
              "description":"The variant by SKU, instead of variant_id."},
            "quantity":{"type":"integer","minimum":1,"maximum":1000}}}},
        "discount_codes":{"type":"array","maxItems":10,
          "items":{"type":"string","minLength":1,"maxLength":64}},
        "customer_email":%s,
        "customer_name":{"type":"string","minLength":1,"maxLength":200},
        "shipping_address":%s}}"""
          .formatted(EMAIL, ADDRESS);

  /** An object schema with these members (a JSON fragment) and required names. */
  static String object(String members, String... required) {
    StringBuilder r = new StringBuilder();
    for (String name : required) {
      r.append(r.length() == 0 ? "" : ",").append('"').append(name).append('"');
    }
    return "{\"type\":\"object\",\"additionalProperties\":false,\"required\":["
        + r
        + "],\"properties\":{"
        + members
        + "}}";
  }
}
