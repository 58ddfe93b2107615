package org.agentcommerce.catalog.application.search;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agentcommerce.catalog.domain.tables.DataFiles;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.synonym.SolrSynonymParser;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.synonym.SynonymMap;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * Analyzers that know the beauty vertical: British and American spellings are one word
 * (moisturiser/moisturizer, colour/color), plurals fold (serums/serum), accents fold (crème/creme),
 * and at query time the vertical's synonyms expand (SPF, sunscreen, sun cream; acne, blemish).
 */
public final class BeautyAnalyzers {

  /**
   * One spelling of each word the catalog writes two ways ("moisturiser" and "moisturizer"): read
   * from {@code spellings.tsv} beside this class.
   */
  static final Map<String, String> SPELLINGS =
      Map.copyOf(DataFiles.table(BeautyAnalyzers.class, "spellings.tsv"));

  /** Query-time synonyms of the vertical, Solr format. */
  static final String SYNONYMS =
      String.join(
          "\n",
          "sunscreen, spf, sun cream, sun screen, sun protection, sunblock",
          "moisturizer, moisturizing cream, face cream, hydrator",
          "cleanser, face wash, facial wash, cleansing gel",
          "perfume, fragrance, eau de parfum, edp, scent",
          "cologne, eau de toilette, edt",
          "acne, blemish, breakout, spot, pimple",
          "hyperpigmentation, dark spot, dark spots, pigmentation, discoloration",
          "fine lines, wrinkle, wrinkles, anti aging, anti-aging, antiaging",
          "vitamin c, ascorbic acid",
          "retinol, retinoid, retinal, vitamin a",
          "niacinamide, vitamin b3",
          "hyaluronic, hyaluronic acid, sodium hyaluronate",
          "bha, salicylic acid",
          "aha, glycolic acid, lactic acid",
          "lipstick, lip color, lip colour",
          "foundation, base makeup",
          "shampoo, hair wash",
          "conditioner, hair conditioner",
          "body lotion, body cream, body moisturizer",
          "after sun, after-sun, aftersun",
          "self tanner, self-tanner, fake tan, tanning",
          "deodorant, antiperspirant",
          "exfoliant, exfoliator",
          "sensitive, reactive");

  /**
   * What agents pass through from shoppers in other languages, Solr format, one way (to the words
   * the catalog uses): French, Spanish, Italian, German, Japanese and Korean product names and
   * attributes, and common romanisations. One way, so that English searches are unchanged.
   */
  static final String TRANSLATIONS =
      String.join(
          "\n",
          // Sun care.
          "crème solaire, écran solaire, protection solaire, lait solaire, spray solaire,"
              + " protector solar, bloqueador solar, crema solar, filtro solar, crema solare,"
              + " protezione solare, sonnencreme, sonnenschutz, sonnenmilch, sonnenspray,"
              + " sonnenschutzcreme, lichtschutzfaktor, 日焼け止め, サンスクリーン, 선크림, 선블록,"
              + " 자외선차단제, hiyakedome, hiyake dome, seonkeurim => sunscreen, spf",
          "après-soleil, après soleil, アフターサン => after sun",
          "autobronzant, autobronceador, autoabbronzante, selbstbräuner => self tanner",
          // Face.
          "crème hydratante, soin hydratant, hydratant, crema hidratante, crema idratante,"
              + " feuchtigkeitscreme, feuchtigkeitspflege, gesichtscreme, 乳液, 保湿クリーム,"
              + " 수분크림, 보습크림, nyueki => moisturizer",
          "nettoyant, nettoyant visage, gel nettoyant, mousse nettoyante, démaquillant,"
              + " limpiador, limpiador facial, detergente viso, reinigungsgel, gesichtsreinigung,"
              + " reinigungsschaum, 洗顔, 洗顔料, クレンジング, 클렌저, 폼클렌징, 클렌징폼 => cleanser",
          "eau micellaire, agua micelar, acqua micellare, mizellenwasser => micellar water",
          "lotion tonique, tonique, tónico, tonico, gesichtswasser, 化粧水, トナー, 토너, 스킨,"
              + " keshosui, kesho sui => toner",
          "美容液, セラム, 세럼, 앰플, biyoeki => serum",
          "エッセンス, 에센스 => essence",
          "contour des yeux, contour yeux, contorno de ojos, contorno occhi, augencreme,"
              + " アイクリーム, 아이크림 => eye cream",
          "huile visage, aceite facial, gesichtsöl => face oil",
          "masque, mascarilla, maschera viso, gesichtsmaske, フェイスマスク, 마스크팩, 시트마스크 => mask",
          "gommage, exfoliante => exfoliant",
          // Hair.
          "shampooing, shampoing, champú, champu, シャンプー, 샴푸 => shampoo",
          "après-shampooing, après-shampoing, acondicionador, spülung, haarspülung,"
              + " コンディショナー, リンス, 린스, 컨디셔너 => conditioner",
          "huile cheveux, huile capillaire, aceite capilar, aceite para el pelo, olio capelli,"
              + " haaröl, ヘアオイル, 헤어오일 => hair oil",
          "masque cheveux, masque capillaire, mascarilla capilar, haarmaske, ヘアマスク => hair mask",
          // Makeup.
          "rouge à lèvres, pintalabios, barra de labios, labial, rossetto,"
              + " lippenstift, 口紅, リップスティック, 립스틱 => lipstick",
          "baume à lèvres, bálsamo labial, lippenbalsam, リップクリーム, 립밤 => lip balm",
          "fond de teint, base de maquillaje, fondotinta, ファンデーション, 파운데이션 => foundation",
          "rímel, wimperntusche, マスカラ, 마스카라 => mascara",
          // Body and fragrance.
          "gel douche, gel de ducha, duschgel, bagnoschiuma, ボディソープ, 바디워시 => body wash",
          "lait corps, lait corporel, loción corporal, crema corporal, körperlotion, crema corpo,"
              + " ボディローション, ボディクリーム, 바디로션 => body lotion",
          "huile corps, huile sèche, aceite corporal, körperöl => body oil",
          "crème mains, crème pour les mains, crema de manos, crema mani, handcreme,"
              + " ハンドクリーム, 핸드크림 => hand cream",
          "desodorante, deodorante, deo, デオドラント, 데오드란트 => deodorant",
          "香水, 향수, profumo, duft => perfume, fragrance",
          "colonia, eau de cologne => eau de toilette",
          // Attributes.
          "sans parfum, sin perfume, sin fragancia, senza profumo, parfümfrei, ohne parfüm,"
              + " duftstofffrei, 無香料, 무향 => fragrance free",
          "végane, vegano, vegana, ヴィーガン, 비건 => vegan",
          "peau grasse, piel grasa, pelle grassa, fettige haut, 脂性肌, 지성 => oily skin",
          "peau sèche, piel seca, pelle secca, trockene haut, 乾燥肌, 건성 => dry skin",
          "peau sensible, piel sensible, pelle sensibile, empfindliche haut, 敏感肌, 민감성"
              + " => sensitive skin");

  /** Words that carry no product meaning; "no" and "not" stay (negation matters to briefs). */
  static final CharArraySet STOP_WORDS =
      new CharArraySet(
          java.util.List.of(
              "a",
              "an",
              "and",
              "are",
              "as",
              "at",
              "be",
              "but",
              "by",
              "for",
              "if",
              "in",
              "into",
              "is",
              "it",
              "of",
              "on",
              "or",
              "such",
              "that",
              "the",
              "their",
              "then",
              "there",
              "these",
              "they",
              "this",
              "to",
              "was",
              "will",
              "with",
              "i",
              "me",
              "my",
              "want",
              "need",
              "looking",
              "something",
              "some",
              "please",
              "good",
              "best"),
          true);

  /** Every rule: the synonyms and the translations. */
  private static final String RULES = SYNONYMS + "\n" + TRANSLATIONS;

  private static final SynonymMap SYNONYM_MAP = buildSynonyms();

  /**
   * Every word of the synonym rules as the index analyzer writes it: words a query may use although
   * no product contains them ("perfume"), and so what a misspelt word may have meant.
   */
  static final java.util.SortedSet<String> RULE_WORDS = ruleWords();

  /**
   * Every phrase of the synonym rules ("sun cream", "dry skin", "eau de parfum") as the index
   * analyzer writes it, its words joined by '_'. The weighted text field holds each phrase a
   * product's text contains as one more word, so that a word whose synonym is a phrase is still a
   * handful of terms of one field at query time.
   */
  static final java.util.Set<String> PHRASES;

  /** The beginnings of the phrases (one word, two words joined by '_', ...). */
  private static final java.util.Set<String> PHRASE_STARTS;

  static {
    java.util.Set<String> phrases = new java.util.HashSet<>();
    java.util.Set<String> starts = new java.util.HashSet<>();
    for (String rule : RULES.split("\n")) {
      for (String entry : rule.split("=>|,")) {
        java.util.List<String> words = new java.util.ArrayList<>();
        terms(index(), "", entry, words::add);
        if (words.size() > 1) {
          phrases.add(String.join("_", words));
          for (int i = 1; i < words.size(); i++) {
            starts.add(String.join("_", words.subList(0, i)));
          }
        }
      }
    }
    PHRASES = java.util.Set.copyOf(phrases);
    PHRASE_STARTS = java.util.Set.copyOf(starts);
  }

  private BeautyAnalyzers() {}

  /** Used to index text fields. */
  public static Analyzer index() {
    return new Chain(false);
  }

  /** Used to analyze a query: the index chain plus synonym expansion. */
  public static Analyzer query() {
    return new Chain(true);
  }

  private static final class Chain extends Analyzer {
    private final boolean synonyms;

    Chain(boolean synonyms) {
      this.synonyms = synonyms;
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer tokenizer = new StandardTokenizer();
      TokenStream stream = normalized(tokenizer);
      if (synonyms) {
        stream = new SynonymGraphFilter(stream, SYNONYM_MAP, true);
      }
      stream = new EnglishMinimalStemFilter(stream);
      return new TokenStreamComponents(tokenizer, stream);
    }
  }

  private static TokenStream normalized(TokenStream in) {
    TokenStream stream = new EnglishPossessiveFilter(in);
    stream = new LowerCaseFilter(stream);
    stream = new StopFilter(stream, STOP_WORDS);
    stream = new ASCIIFoldingFilter(stream);
    return new FreeFromFilter(new SpellingFilter(stream));
  }

  private static SynonymMap buildSynonyms() {
    Analyzer ruleAnalyzer =
        new Analyzer() {
          @Override
          protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer tokenizer = new StandardTokenizer();
            return new TokenStreamComponents(tokenizer, normalized(tokenizer));
          }
        };
    try {
      SolrSynonymParser parser = new SolrSynonymParser(true, true, ruleAnalyzer);
      parser.parse(new StringReader(RULES));
      return parser.build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ParseException e) {
      throw new IllegalStateException("bad synonym rules", e);
    }
  }

  private static java.util.SortedSet<String> ruleWords() {
    java.util.SortedSet<String> words = new java.util.TreeSet<>();
    terms(index(), "", RULES, words::add);
    return java.util.Collections.unmodifiableSortedSet(words);
  }

  /** A term of a token stream and how many positions it moved on from the previous one. */
  @FunctionalInterface
  interface Step {
    void accept(String term, int increment);
  }

  /** Hands each term {@code analyzer} makes of {@code text} as {@code field} to {@code each}. */
  static void walk(Analyzer analyzer, String field, String text, Step each) {
    try (TokenStream tokens = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute step =
          tokens.addAttribute(
              org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        each.accept(term.toString(), step.getPositionIncrement());
      }
      tokens.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Hands each term {@code analyzer} makes of {@code text} (as field {@code field}) to {@code
   * each}.
   */
  static void terms(
      Analyzer analyzer, String field, String text, java.util.function.Consumer<String> each) {
    walk(analyzer, field, text, (term, increment) -> each.accept(term));
  }

  /**
   * Hands each pair of neighbouring words of {@code text} as {@code analyzer} makes them ("vitamin
   * c serum": vitamin_c, c_serum) to {@code each}; words a removed word stood between make no pair.
   */
  static void pairs(
      Analyzer analyzer, String field, String text, java.util.function.Consumer<String> each) {
    String[] previous = {null};
    walk(
        analyzer,
        field,
        text,
        (word, increment) -> {
          if (previous[0] != null && increment == 1) {
            each.accept(previous[0] + "_" + word);
          }
          previous[0] = word;
        });
  }

  /**
   * Hands each term {@code analyzer} makes of {@code text} to {@code each}, and after the last word
   * of each rule phrase ({@link #PHRASES}) the text has, word after word, that phrase as one term.
   */
  static void termsAndPhrases(
      Analyzer analyzer, String field, String text, java.util.function.Consumer<String> each) {
    // The phrase beginnings that end at the previous word.
    List<List<String>> open = List.of(new ArrayList<>(), new ArrayList<>());
    int[] current = {0};
    walk(
        analyzer,
        field,
        text,
        (word, increment) -> {
          each.accept(word);
          List<String> before = open.get(current[0]);
          List<String> now = open.get(1 - current[0]);
          now.clear();
          if (increment == 1) {
            // A removed word in between ("sun and cream") breaks a phrase.
            for (String start : before) {
              String longer = start + "_" + word;
              if (PHRASES.contains(longer)) {
                each.accept(longer);
              }
              if (PHRASE_STARTS.contains(longer)) {
                now.add(longer);
              }
            }
          }
          if (PHRASE_STARTS.contains(word)) {
            now.add(word);
          }
          current[0] = 1 - current[0];
        });
  }

  /**
   * "fragrance-free" and "fragrance free" are one token, {@code fragrance_free}: a product free of
   * something must not match a search for that thing, and a search for "fragrance free" must find
   * exactly those products.
   */
  private static final class FreeFromFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private org.apache.lucene.util.AttributeSource.State pending;

    FreeFromFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (pending != null) {
        restoreState(pending);
        pending = null;
        return true;
      }
      if (!input.incrementToken()) {
        return false;
      }
      if ("free".equals(term.toString())) {
        return true;
      }
      State current = captureState();
      String word = term.toString();
      if (!input.incrementToken()) {
        restoreState(current);
        return true;
      }
      if ("free".equals(term.toString())) {
        int end = offset.endOffset();
        restoreState(current);
        term.setEmpty().append(word).append("_free");
        // The one token spans both words of the text.
        offset.setOffset(offset.startOffset(), end);
        return true;
      }
      pending = captureState();
      restoreState(current);
      return true;
    }

    @Override
    public void reset() throws IOException {
      super.reset();
      pending = null;
    }
  }

  /** Rewrites a token to its one spelling. */
  private static final class SpellingFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);

    SpellingFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (!input.incrementToken()) {
        return false;
      }
      String replacement = SPELLINGS.get(term.toString());
      if (replacement != null) {
        term.setEmpty().append(replacement);
      }
      return true;
    }
  }
}
