package org.agentcommerce.catalog.domain.brief;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Gift intent from a recipient: "for my mum", "pour ma sœur", "für meine Freundin"... */
final class GiftRules {

  private static final Pattern RECIPIENT =
      Pattern.compile(
          "(?<![\\p{L}])(?:for|pour|fur|para|per)\\s+(?:my|a|her|his|our|ma|mon|mes|meine|meinen"
              + "|meiner|mein|mi|mis|mia|mio|la mia|il mio)\\s+(?:little\\s+|big\\s+|best\\s+"
              + "|older\\s+|younger\\s+|new\\s+)?(?<who>mum|mom|mommy|mummy|mother|sister|sis|wife"
              + "|girlfriend|gf|boyfriend|bf|husband|dad|father|friend|bestie|bff|daughter|son"
              + "|grandma|grandmother|granny|nan|aunt|auntie|niece|nephew|partner|colleague"
              + "|coworker|boss|teacher|cousin|mother-in-law|mere|soeur|femme|amie|copine|mutter"
              + "|schwester|frau|freundin|madre|hermana|esposa|novia|amiga|sorella|moglie|amica)"
              + "(?!\\s*'s)(?![\\p{L}])");

  private GiftRules() {}

  static void recipients(Scan scan) {
    Matcher m = RECIPIENT.matcher(scan.text.folded);
    if (m.find()) {
      scan.gift = true;
      scan.evidence.add(
          Evidence.span(
              scan.raw,
              "gift.recipient",
              "giftIntent",
              m.start(),
              m.end(),
              "buying for someone else",
              "true"));
    }
  }
}
