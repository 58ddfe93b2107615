package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The clarifying questions for a parsed brief, and which fields matter for which category. Skin
 * type matters for skincare, sun, body (not deodorant), foundation and concealer; concerns for
 * skincare, hair and body. The choices offered are read from question-choices.tsv, the makeup types
 * for which the skin type matters from skin-relevant-types.txt.
 */
final class ClarifyingQuestions {

  private static final Map<String, String> CHOICES = BriefData.table("question-choices.tsv");
  private static final List<String> SKIN_TYPES = choices("skin_type");
  private static final List<String> HAIR_CONCERNS = choices("hair_concerns");
  private static final List<String> BODY_CONCERNS = choices("body_concerns");

  private static final Set<String> SKIN_RELEVANT_TYPES =
      Set.copyOf(BriefData.lines("skin-relevant-types.txt"));

  private ClarifyingQuestions() {}

  private static List<String> choices(String question) {
    String field = CHOICES.get(question);
    if (field == null) {
      throw new IllegalStateException("question-choices.tsv: no row " + question);
    }
    return BriefData.items(field);
  }

  /**
   * At most two questions, most useful first: the product type (or category) when the brief is not
   * off-vertical and names none, then the budget, then the skin type where it matters (skincare,
   * sun, body, foundation, concealer), then the concerns (skincare, hair, body).
   */
  static List<Question> of(ParsedBrief brief) {
    List<Question> out = new ArrayList<>();
    if ("other".equals(brief.vertical())) {
      return out;
    }
    String lang = brief.lang();
    if (brief.productType() == null) {
      if (brief.category() == null) {
        out.add(
            new Question(
                "q_category",
                QuestionText.category(lang, null),
                "choice",
                null,
                Lexicon.CATEGORIES));
      } else {
        List<String> types =
            Lexicon.CATEGORY_OF_TYPE.entrySet().stream()
                .filter(e -> e.getValue().equals(brief.category()))
                .map(Map.Entry::getKey)
                .toList();
        out.add(
            new Question(
                "q_category",
                QuestionText.category(lang, brief.category()),
                "choice",
                null,
                types));
      }
    }
    if (brief.budget() == null) {
      out.add(
          new Question("q_budget", QuestionText.budget(lang), "number", brief.currency(), null));
    }
    if (skinTypeRelevant(brief.category(), brief.productType()) && brief.skinType() == null) {
      out.add(new Question("q_skin_type", QuestionText.skinType(lang), "choice", null, SKIN_TYPES));
    }
    if (concernsRelevant(brief.category()) && brief.concerns().isEmpty()) {
      List<String> choices =
          switch (brief.category()) {
            case "hair" -> HAIR_CONCERNS;
            case "body" -> BODY_CONCERNS;
            default ->
                Lexicon.CATEGORY_OF_CONCERN.entrySet().stream()
                    .filter(e -> e.getValue().equals("skincare"))
                    .map(Map.Entry::getKey)
                    .toList();
          };
      out.add(new Question("q_concerns", QuestionText.concerns(lang), "choice", null, choices));
    }
    return out.size() > 2 ? List.copyOf(out.subList(0, 2)) : List.copyOf(out);
  }

  static boolean skinTypeRelevant(String category, String productType) {
    if (category == null) {
      return false;
    }
    return switch (category) {
      case "skincare", "sun" -> true;
      case "body" -> !"Deodorant".equals(productType);
      case "makeup" -> productType != null && SKIN_RELEVANT_TYPES.contains(productType);
      default -> false;
    };
  }

  static boolean concernsRelevant(String category) {
    return "skincare".equals(category) || "hair".equals(category) || "body".equals(category);
  }
}
