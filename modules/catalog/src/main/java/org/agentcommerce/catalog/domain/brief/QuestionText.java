package org.agentcommerce.catalog.domain.brief;

import java.util.Locale;
import java.util.Map;

/** Clarifying-question wording in the brief's language; English when there is no translation. */
final class QuestionText {

  private static final Map<String, String[]> TEXTS =
      Map.of(
          "en",
          new String[] {
            "What kind of product are you looking for?",
            "Which kind of %s product are you looking for?",
            "What is your budget?",
            "What is your skin type?",
            "Which concerns should it address?"
          },
          "fr",
          new String[] {
            "Quel type de produit recherchez-vous ?",
            "Quel type de produit (%s) recherchez-vous ?",
            "Quel est votre budget ?",
            "Quel est votre type de peau ?",
            "Quelles préoccupations le produit doit-il cibler ?"
          },
          "de",
          new String[] {
            "Welche Art von Produkt suchen Sie?",
            "Welche Art von Produkt (%s) suchen Sie?",
            "Wie hoch ist Ihr Budget?",
            "Welchen Hauttyp haben Sie?",
            "Welche Anliegen soll das Produkt angehen?"
          },
          "es",
          new String[] {
            "¿Qué tipo de producto busca?",
            "¿Qué tipo de producto (%s) busca?",
            "¿Cuál es su presupuesto?",
            "¿Cuál es su tipo de piel?",
            "¿Qué problemas debe tratar?"
          },
          "it",
          new String[] {
            "Che tipo di prodotto cerca?",
            "Che tipo di prodotto (%s) cerca?",
            "Qual è il suo budget?",
            "Qual è il suo tipo di pelle?",
            "Quali problemi deve trattare?"
          },
          "ja",
          new String[] {
            "どのような製品をお探しですか？",
            "どの種類の製品（%s）をお探しですか？",
            "ご予算はいくらですか？",
            "肌タイプを教えてください。",
            "どのようなお悩みに対応したいですか？"
          });

  private QuestionText() {}

  private static String[] of(String lang) {
    String[] t = TEXTS.get(lang);
    return t == null ? TEXTS.get("en") : t;
  }

  static String category(String lang, String category) {
    return category == null ? of(lang)[0] : String.format(Locale.ROOT, of(lang)[1], category);
  }

  static String budget(String lang) {
    return of(lang)[2];
  }

  static String skinType(String lang) {
    return of(lang)[3];
  }

  static String concerns(String lang) {
    return of(lang)[4];
  }
}
