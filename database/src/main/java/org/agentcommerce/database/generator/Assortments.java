package org.agentcommerce.database.generator;

import static org.agentcommerce.database.generator.Brands.*;

import java.util.List;

/** Which brands each demo merchant stocks, and how many of their products. */
final class Assortments {

  private Assortments() {}

  record Stock(Brand brand, int count) {}

  /** A product sold by several merchants; the first merchant's listing is canonical. */
  record Shared(Brand brand, Kind kind, List<Merchant> merchants) {}

  static List<Stock> of(Merchant merchant) {
    if (merchant == Merchant.LUMEN) {
      return List.of(
          new Stock(LUMEN_LAB, 22),
          new Stock(DERMAVEIL, 12),
          new Stock(CLEARFORM, 12),
          new Stock(PEPTICA, 9),
          new Stock(SOLACE, 8),
          new Stock(VELVET_ATLAS, 12),
          new Stock(PETAL_PIGMENT, 8),
          new Stock(HAZE_SHIELD, 4));
    }
    if (merchant == Merchant.MAISON_VERTE) {
      return List.of(
          new Stock(VERDELUNE, 16),
          new Stock(ROSEE, 12),
          new Stock(OSTRA, 8),
          new Stock(MAISON_CERISE, 12),
          new Stock(AMBRE_NOMADE, 8),
          new Stock(ATELIER_NUIT, 4),
          new Stock(SAVON_BLANC, 10),
          new Stock(SOLEIL_DOUX, 8),
          new Stock(MISTRAL, 6));
    }
    if (merchant == Merchant.SAKURA) {
      return List.of(
          new Stock(KUMO, 16),
          new Stock(HANAMI, 13),
          new Stock(TSUYU, 12),
          new Stock(KIYOMI, 14),
          new Stock(KAMI, 10),
          new Stock(HIYAKE_GUARD, 9));
    }
    if (merchant == Merchant.HARBOR) {
      return List.of(
          new Stock(HARBOR_TIDE, 22),
          new Stock(COILCRAFT, 16),
          new Stock(SCALPWISE, 10),
          new Stock(GROVE_STREET, 5),
          new Stock(CEDAR_SALT, 3));
    }
    if (merchant == Merchant.NORDLYS) {
      return List.of(
          new Stock(NORDLYS, 22),
          new Stock(FJELLBRIS, 16),
          new Stock(OSTRA, 5),
          new Stock(SAVON_BLANC, 4));
    }
    if (merchant == Merchant.SUNLINE) {
      return List.of(
          new Stock(SUNLINE, 22),
          new Stock(HAZE_SHIELD, 12),
          new Stock(OATMILK_HONEY, 12),
          new Stock(CEDAR_SALT, 9),
          new Stock(GROVE_STREET, 6));
    }
    if (merchant == Merchant.ATELIER) {
      return List.of(new Stock(ATELIER_NUIT, 4), new Stock(AMBRE_NOMADE, 2));
    }
    throw new IllegalArgumentException("No assortment for " + merchant.id());
  }

  /** Off-vertical items a merchant sells. */
  static List<GeneralItems.Item> general(Merchant merchant) {
    if (merchant == Merchant.SUNLINE) {
      return GeneralItems.SUNLINE;
    }
    if (merchant == Merchant.HARBOR) {
      return GeneralItems.HARBOR;
    }
    return List.of();
  }

  private static Shared shared(Brand brand, Kind kind, Merchant... merchants) {
    return new Shared(brand, kind, List.of(merchants));
  }

  /** The multi-seller products of the demo catalog. */
  static final List<Shared> SHARED =
      List.of(
          shared(KUMO, Kinds.SERUM, Merchant.SAKURA, Merchant.LUMEN, Merchant.MAISON_VERTE),
          shared(KUMO, Kinds.MOISTURIZER, Merchant.SAKURA, Merchant.LUMEN),
          shared(KUMO, Kinds.ESSENCE, Merchant.SAKURA, Merchant.MAISON_VERTE),
          shared(HANAMI, Kinds.CLEANSER, Merchant.SAKURA, Merchant.NORDLYS),
          shared(HANAMI, Kinds.MASK, Merchant.SAKURA, Merchant.LUMEN),
          shared(
              HIYAKE_GUARD,
              Kinds.SUNSCREEN,
              Merchant.SAKURA,
              Merchant.SUNLINE,
              Merchant.MAISON_VERTE),
          shared(HIYAKE_GUARD, Kinds.SUN_STICK, Merchant.SAKURA, Merchant.SUNLINE),
          shared(TSUYU, Kinds.ESSENCE, Merchant.SAKURA, Merchant.LUMEN),
          shared(
              VERDELUNE,
              Kinds.MOISTURIZER,
              Merchant.MAISON_VERTE,
              Merchant.LUMEN,
              Merchant.NORDLYS),
          shared(VERDELUNE, Kinds.MICELLAR, Merchant.MAISON_VERTE, Merchant.LUMEN),
          shared(VERDELUNE, Kinds.EYE_CREAM, Merchant.MAISON_VERTE, Merchant.SAKURA),
          shared(DERMAVEIL, Kinds.MOISTURIZER, Merchant.LUMEN, Merchant.SUNLINE),
          shared(DERMAVEIL, Kinds.SERUM, Merchant.LUMEN, Merchant.MAISON_VERTE),
          shared(CLEARFORM, Kinds.CLEANSER, Merchant.LUMEN, Merchant.SUNLINE),
          shared(CLEARFORM, Kinds.EXFOLIANT, Merchant.LUMEN, Merchant.SAKURA),
          shared(PEPTICA, Kinds.EYE_CREAM, Merchant.LUMEN, Merchant.MAISON_VERTE),
          shared(SOLACE, Kinds.FACE_OIL, Merchant.LUMEN, Merchant.NORDLYS),
          shared(HAZE_SHIELD, Kinds.SUNSCREEN, Merchant.SUNLINE, Merchant.LUMEN),
          shared(HAZE_SHIELD, Kinds.SUN_STICK, Merchant.SUNLINE, Merchant.HARBOR),
          shared(SOLEIL_DOUX, Kinds.BODY_SUNSCREEN, Merchant.MAISON_VERTE, Merchant.NORDLYS),
          shared(SUNLINE, Kinds.SUNSCREEN, Merchant.SUNLINE, Merchant.HARBOR),
          shared(HARBOR_TIDE, Kinds.SHAMPOO, Merchant.HARBOR, Merchant.SUNLINE),
          shared(COILCRAFT, Kinds.LEAVE_IN, Merchant.HARBOR, Merchant.LUMEN),
          shared(KAMI, Kinds.HAIR_OIL, Merchant.SAKURA, Merchant.HARBOR, Merchant.MAISON_VERTE),
          shared(MISTRAL, Kinds.HAIR_MASK, Merchant.MAISON_VERTE, Merchant.HARBOR),
          shared(SCALPWISE, Kinds.SHAMPOO, Merchant.HARBOR, Merchant.SUNLINE),
          shared(CEDAR_SALT, Kinds.EDP, Merchant.SUNLINE, Merchant.HARBOR),
          shared(AMBRE_NOMADE, Kinds.EDP, Merchant.MAISON_VERTE, Merchant.LUMEN),
          shared(OATMILK_HONEY, Kinds.BODY_LOTION, Merchant.SUNLINE, Merchant.LUMEN),
          shared(FJELLBRIS, Kinds.BODY_OIL, Merchant.NORDLYS, Merchant.MAISON_VERTE),
          shared(VELVET_ATLAS, Kinds.MASCARA, Merchant.LUMEN, Merchant.SAKURA),
          shared(KIYOMI, Kinds.LIPSTICK, Merchant.SAKURA, Merchant.MAISON_VERTE, Merchant.LUMEN),
          shared(NORDLYS, Kinds.MOISTURIZER, Merchant.NORDLYS, Merchant.MAISON_VERTE),
          // One member is at the inactive merchant: resolving the group must skip it.
          shared(ATELIER_NUIT, Kinds.EDP, Merchant.MAISON_VERTE, Merchant.ATELIER));

  /** Merchant capabilities: kind and code pairs. */
  static List<String[]> capabilities(Merchant m) {
    if (m == Merchant.LUMEN) {
      return caps(
          "psp:stripe",
          "payment_method_type:card",
          "payment_method_type:wallet",
          "payment_method_type:bnpl",
          "card_network:visa",
          "card_network:mastercard",
          "card_network:amex",
          "card_network:discover",
          "issuer:First Harbor Bank",
          "issuer:Pacific Crest Credit Union",
          "wallet:apple_pay",
          "wallet:google_pay",
          "wallet:paypal",
          "installment_provider:klarna",
          "installment_provider:afterpay",
          "market:US",
          "market:CA");
    }
    if (m == Merchant.MAISON_VERTE) {
      return caps(
          "psp:adyen",
          "payment_method_type:card",
          "payment_method_type:wallet",
          "payment_method_type:bank_transfer",
          "payment_method_type:bnpl",
          "card_network:visa",
          "card_network:mastercard",
          "card_network:cartes_bancaires",
          "card_network:amex",
          "issuer:Banque du Littoral",
          "issuer:Crédit Rhénan",
          "wallet:apple_pay",
          "wallet:google_pay",
          "wallet:paypal",
          "installment_provider:klarna",
          "installment_provider:alma",
          "market:FR",
          "market:BE",
          "market:LU",
          "market:DE",
          "market:NL",
          "market:ES",
          "market:IT");
    }
    if (m == Merchant.SAKURA) {
      return caps(
          "psp:stripe",
          "payment_method_type:card",
          "payment_method_type:wallet",
          "payment_method_type:konbini",
          "payment_method_type:bank_transfer",
          "payment_method_type:bnpl",
          "card_network:jcb",
          "card_network:visa",
          "card_network:mastercard",
          "card_network:amex",
          "card_network:diners",
          "issuer:Sakura Trust Bank",
          "issuer:Kanto Shinkin Card",
          "wallet:apple_pay",
          "wallet:google_pay",
          "installment_provider:paidy",
          "market:JP");
    }
    if (m == Merchant.HARBOR) {
      return caps(
          "psp:braintree",
          "payment_method_type:card",
          "payment_method_type:wallet",
          "payment_method_type:bnpl",
          "card_network:visa",
          "card_network:mastercard",
          "card_network:amex",
          "card_network:discover",
          "issuer:First Harbor Bank",
          "issuer:Cascade Federal Credit Union",
          "wallet:paypal",
          "wallet:venmo",
          "wallet:apple_pay",
          "wallet:google_pay",
          "installment_provider:affirm",
          "installment_provider:paypal_pay_later",
          "market:US",
          "market:CA");
    }
    if (m == Merchant.NORDLYS) {
      return caps("market:SE", "market:NO", "market:DK", "market:FI", "market:DE", "market:NL");
    }
    if (m == Merchant.SUNLINE) {
      return caps(
          "psp:stripe",
          "payment_method_type:card",
          "payment_method_type:wallet",
          "payment_method_type:bnpl",
          "card_network:visa",
          "card_network:mastercard",
          "card_network:amex",
          "card_network:discover",
          "issuer:First Harbor Bank",
          "issuer:Desert Mesa Bank",
          "wallet:apple_pay",
          "wallet:google_pay",
          "wallet:paypal",
          "installment_provider:afterpay",
          "installment_provider:affirm",
          "installment_provider:klarna",
          "market:US",
          "market:CA");
    }
    if (m == Merchant.ATELIER) {
      return caps("market:FR");
    }
    return List.of();
  }

  private static List<String[]> caps(String... pairs) {
    List<String[]> out = new java.util.ArrayList<>();
    for (String p : pairs) {
      int colon = p.indexOf(':');
      out.add(new String[] {p.substring(0, colon), p.substring(colon + 1)});
    }
    return out;
  }
}
