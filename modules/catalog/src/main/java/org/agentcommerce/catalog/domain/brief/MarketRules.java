package org.agentcommerce.catalog.domain.brief;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Market, currency, locale and the budget's currency. The market is the caller's, else a place
 * named in the brief, else the market of a currency in the brief or of the caller's currency, else
 * the region of the caller's locale. The currency is the caller's, else one named in the brief,
 * else the market's. The locale is the caller's, else built from the language and the market. A
 * budget amount with no currency takes the caller's, else the brief's, else the market's. The
 * markets, their currencies, the euro countries and the dollar currencies are read from
 * markets.tsv, eurozone.txt, dollar-currencies.txt and eu-language-regions.tsv.
 */
final class MarketRules {

  /** What the rules settled; any of them may be null. */
  record Resolved(String market, String currency, String locale, Budget budget) {}

  private static final Map<String, String> MARKET_CURRENCY = BriefData.table("markets.tsv");
  private static final Map<String, String> CURRENCY_MARKET = inverse(MARKET_CURRENCY);
  private static final Set<String> EUROZONE = Set.copyOf(BriefData.lines("eurozone.txt"));
  private static final Set<String> DOLLARS = Set.copyOf(BriefData.lines("dollar-currencies.txt"));
  private static final Map<String, String> EU_LANG_REGION =
      BriefData.table("eu-language-regions.tsv");

  private static final Pattern US_UPPER =
      Pattern.compile("(?<![A-Za-z])(?:U\\.S\\.?|US)(?![A-Za-z])");

  private MarketRules() {}

  private static Map<String, String> inverse(Map<String, String> map) {
    Map<String, String> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(v, k));
    return out;
  }

  /** "US" or "U.S." in capitals names the market when no place word did. */
  static void usUpper(Scan scan) {
    if (scan.textMarket != null) {
      return;
    }
    Matcher m = US_UPPER.matcher(scan.raw);
    if (m.find()) {
      scan.textMarket = "US";
      scan.evidence.add(
          Evidence.span(
              scan.raw, "market.country_name", "market", m.start(), m.end(), "place named", "US"));
    }
  }

  static Resolved resolve(
      Scan scan, String lang, String inMarket, String inCurrency, BudgetRules.Result found) {
    String market = null;
    String currency = null;
    String textCurrency = null;
    int[] textCurrencySpan = null;
    Money mention = found.currencyMention();
    if (mention != null) {
      textCurrency = mention.currency();
      textCurrencySpan = new int[] {mention.curStart(), mention.curEnd()};
    } else if (found.currencyWord() != null) {
      textCurrency = found.currencyWord();
      textCurrencySpan = found.currencyWordSpan();
    }
    String localeRegion = null;
    if (scan.in.locale() != null) {
      String[] parts = scan.in.locale().split("[-_]");
      if (parts.length > 1 && parts[parts.length - 1].length() == 2) {
        localeRegion = normalizeMarket(parts[parts.length - 1].toUpperCase(Locale.ROOT));
      }
    }
    if (inMarket != null) {
      market = inMarket;
      scan.evidence.add(Evidence.derived("input.market", "market", "caller's market", market));
    } else if (scan.textMarket != null) {
      market = scan.textMarket;
    } else if (textCurrency != null && CURRENCY_MARKET.containsKey(textCurrency)) {
      market = CURRENCY_MARKET.get(textCurrency);
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              "market.currency_symbol",
              "market",
              textCurrencySpan[0],
              textCurrencySpan[1],
              "market of " + textCurrency,
              market));
    } else if (inCurrency != null && CURRENCY_MARKET.containsKey(inCurrency)) {
      market = CURRENCY_MARKET.get(inCurrency);
      scan.evidence.add(
          Evidence.derived("market.from_currency", "market", "market of " + inCurrency, market));
    } else if (localeRegion != null) {
      market = localeRegion;
      scan.evidence.add(Evidence.derived("market.locale", "market", "caller's locale", market));
    }

    if (inCurrency != null) {
      currency = inCurrency;
      scan.evidence.add(
          Evidence.derived("input.currency", "currency", "caller's currency", currency));
    } else if (textCurrency != null) {
      currency = textCurrency;
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              "currency.text",
              "currency",
              textCurrencySpan[0],
              textCurrencySpan[1],
              "currency named",
              currency));
    } else if (market != null && marketCurrency(market) != null) {
      currency = marketCurrency(market);
      scan.evidence.add(
          Evidence.derived(
              "currency.from_market", "currency", "currency of market " + market, currency));
      scan.assumptions.add(
          new Assumption(
              "currency.from_market",
              "Currency " + currency + " assumed from market " + market,
              0.8));
    }

    String locale;
    if (scan.in.locale() != null) {
      locale = scan.in.locale();
      scan.evidence.add(Evidence.derived("input.locale", "locale", "caller's locale", locale));
    } else {
      String region = null;
      if (market != null && !market.equals("EU")) {
        region = market;
      } else if ("EU".equals(market)) {
        region = EU_LANG_REGION.get(lang);
      }
      locale = region == null ? lang : lang + "-" + region;
      scan.evidence.add(
          Evidence.derived("locale.inferred", "locale", "language and market", locale));
      scan.assumptions.add(
          new Assumption(
              "locale.inferred", "Locale " + locale + " built from language and market", 0.6));
    }

    Budget budget = budget(scan, found, inCurrency, textCurrency, market);
    return new Resolved(market, currency, locale, budget);
  }

  private static Budget budget(
      Scan scan, BudgetRules.Result found, String inCurrency, String textCurrency, String market) {
    Budget budget = null;
    if (found.found()) {
      String budgetCurrency = found.currency();
      if (budgetCurrency == null) {
        String source = null;
        if (inCurrency != null) {
          budgetCurrency = inCurrency;
          source = "the caller's currency";
        } else if (textCurrency != null) {
          budgetCurrency = textCurrency;
          source = "the currency named in the brief";
        } else if (market != null && marketCurrency(market) != null) {
          budgetCurrency = marketCurrency(market);
          source = "market " + market;
        }
        if (budgetCurrency != null) {
          scan.assumptions.add(
              new Assumption(
                  "budget.currency_default",
                  "Budget amount has no currency; " + budgetCurrency + " taken from " + source,
                  0.8));
          scan.evidence.add(
              Evidence.derived(
                  "budget.currency_default",
                  "budget",
                  "currency from " + source,
                  BudgetEvidence.describe(found.min(), found.max(), budgetCurrency)));
        } else {
          scan.assumptions.add(
              new Assumption(
                  "budget.currency_unknown",
                  "Budget amount has no currency and nothing tells which one",
                  0.3));
        }
      }
      budget = new Budget(found.min(), found.max(), budgetCurrency);
      scan.evidence.addAll(found.evidence());
      scan.assumptions.addAll(found.assumptions());
    } else if ("budget".equals(scan.priceTier)) {
      scan.assumptions.add(
          new Assumption(
              "budget.low_no_amount",
              "Wants a low price but gave no amount; budget left open",
              0.5));
    }
    return budget;
  }

  static String normalizeMarket(String market) {
    if (market == null) {
      return null;
    }
    String m = market.strip().toUpperCase(Locale.ROOT);
    if (m.equals("UK")) {
      return "GB";
    }
    return EUROZONE.contains(m) ? "EU" : m;
  }

  private static String marketCurrency(String market) {
    return MARKET_CURRENCY.get(market);
  }

  static String dollarDefault(String inCurrency, String inMarket) {
    if (inCurrency != null && DOLLARS.contains(inCurrency)) {
      return inCurrency;
    }
    if (inMarket != null) {
      String c = MARKET_CURRENCY.get(inMarket);
      if (c != null && DOLLARS.contains(c)) {
        return c;
      }
    }
    return "USD";
  }
}
