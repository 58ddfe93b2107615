package org.agentcommerce.catalog.domain.brief;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parser's vocabulary: phrases (English, French, German, Spanish, Italian, Japanese) and what
 * they mean. Latin phrases are matched token by token; phrases with Japanese text are matched as
 * substrings. Everything is folded with {@link BriefText#fold(String)} when the table is built.
 */
final class Lexicon {

  enum Kind {
    PRODUCT_TYPE,
    CATEGORY,
    CONCERN,
    /** An ingredient or attribute; {@code secondary} means it can be excluded but not wanted. */
    INGREDIENT,
    /** A word that is itself an exclusion ("unscented", "parfumfrei"). */
    EXCLUDE,
    SKIN_ADJ,
    SKIN_NOUN,
    SKIN_COMPOUND,
    /** Opens a negation scope; value is the scope: "list", "not" or "brand". */
    NEGATION,
    FREE_SUFFIX,
    OFF_VERTICAL,
    BEAUTY,
    GIFT,
    IN_STOCK,
    PRICE_TIER,
    PREGNANCY,
    MARKET,
    BRAND
  }

  /**
   * One meaning of a phrase.
   *
   * @param secondary for product types and categories: a weak reading, used only when nothing
   *     stronger is found; for ingredients: can be excluded but is not a wanted active
   */
  record Sense(Kind kind, String value, boolean secondary, String ruleId) {
    boolean is(Kind k) {
      return kind == k;
    }
  }

  record Phrase(String[] tokens, List<Sense> senses, boolean pluralizable) {}

  static final Map<String, String> CATEGORY_OF_TYPE = new LinkedHashMap<>();

  static {
    for (String t :
        List.of(
            "Serum",
            "Moisturizer",
            "Cleanser",
            "Toner",
            "Essence",
            "Face Oil",
            "Eye Cream",
            "Mask",
            "Exfoliant")) {
      CATEGORY_OF_TYPE.put(t, "skincare");
    }
    for (String t :
        List.of("Foundation", "Concealer", "Mascara", "Lipstick", "Lip Balm", "Blush")) {
      CATEGORY_OF_TYPE.put(t, "makeup");
    }
    for (String t :
        List.of(
            "Shampoo",
            "Conditioner",
            "Hair Mask",
            "Hair Oil",
            "Leave-In Conditioner",
            "Scalp Serum",
            "Styling Cream")) {
      CATEGORY_OF_TYPE.put(t, "hair");
    }
    for (String t : List.of("Eau de Parfum", "Eau de Toilette", "Body Mist")) {
      CATEGORY_OF_TYPE.put(t, "fragrance");
    }
    for (String t :
        List.of("Body Lotion", "Body Wash", "Body Oil", "Deodorant", "Hand Cream", "Body Scrub")) {
      CATEGORY_OF_TYPE.put(t, "body");
    }
    for (String t : List.of("Sunscreen", "After-Sun", "Self-Tanner")) {
      CATEGORY_OF_TYPE.put(t, "sun");
    }
  }

  static final List<String> CATEGORIES =
      List.of("skincare", "makeup", "hair", "fragrance", "body", "sun");

  static final Map<String, String> CATEGORY_OF_CONCERN = new LinkedHashMap<>();

  static {
    for (String c :
        List.of(
            "acne",
            "blackheads",
            "enlarged pores",
            "oiliness",
            "dryness",
            "dehydration",
            "dullness",
            "hyperpigmentation",
            "dark spots",
            "uneven tone",
            "texture",
            "fine lines",
            "firmness",
            "redness",
            "sensitivity",
            "irritation",
            "dark circles",
            "puffiness")) {
      CATEGORY_OF_CONCERN.put(c, "skincare");
    }
    for (String c :
        List.of("frizz", "dandruff", "itchy scalp", "breakage", "split ends", "color fading")) {
      CATEGORY_OF_CONCERN.put(c, "hair");
    }
    CATEGORY_OF_CONCERN.put("body odor", "body");
    CATEGORY_OF_CONCERN.put("dry lips", "makeup");
  }

  /** Words a typo may be corrected to, grouped so that spelling variants do not compete. */
  static final Map<String, String> FUZZY_TARGETS = new LinkedHashMap<>();

  static {
    String[][] groups = {
      {"serum"},
      {"moisturizer", "moisturiser", "moisturizing", "moisturising"},
      {"cleanser"},
      {"essence"},
      {"exfoliant", "exfoliator"},
      {"foundation"},
      {"concealer"},
      {"mascara"},
      {"lipstick"},
      {"shampoo"},
      {"conditioner"},
      {"deodorant"},
      {"sunscreen", "sunblock"},
      {"perfume"},
      {"fragrance"},
      {"niacinamide"},
      {"hyaluronic"},
      {"retinol"},
      {"retinal"},
      {"bakuchiol"},
      {"ceramide", "ceramides"},
      {"salicylic"},
      {"glycolic"},
      {"azelaic"},
      {"tranexamic"},
      {"peptides", "peptide"},
      {"squalane"},
      {"centella"},
      {"caffeine"},
      {"panthenol"},
      {"blackheads"},
      {"hyperpigmentation"},
      {"pigmentation"},
      {"wrinkles"},
      {"dandruff"},
      {"rosacea"},
      {"redness"},
      {"dullness"},
      {"dryness"},
      {"dehydration", "dehydrated"},
      {"parabens", "paraben"},
      {"sulfates", "sulphates", "sulfate", "sulphate"},
      {"silicones", "silicone"},
      {"alcohol"},
      {"unscented"},
      {"puffiness"},
      {"sensitive"},
      {"combination"},
      {"breakage"},
    };
    for (String[] group : groups) {
      for (String w : group) {
        FUZZY_TARGETS.put(w, group[0]);
      }
    }
  }

  /** Real words close to a vocabulary word that must never be "corrected". */
  static final Set<String> NOT_TYPOS =
      Set.of(
          "condition",
          "conditions",
          "conditioned",
          "cleaner",
          "cleanest",
          "retina",
          "retinas",
          "sweet",
          "tones",
          "toned",
          "serve",
          "serves",
          "perfect",
          "sensible",
          "essential",
          "fragile",
          "alcoholic",
          "combinations",
          "foundations",
          "seriously",
          "dryer",
          "dryers",
          "redness",
          "sensitively",
          "concealed");

  private final Map<String, List<Phrase>> byFirst = new HashMap<>();
  private final Map<String, List<Sense>> cjk = new LinkedHashMap<>();
  private final Map<String, Phrase> latinByKey = new LinkedHashMap<>();
  private final Set<String> vocabularyTokens = new HashSet<>();
  final Pattern cjkPattern;

  static final Lexicon INSTANCE = new Lexicon();

  private Lexicon() {
    productTypes();
    categories();
    concerns();
    ingredients();
    negations();
    skin();
    misc();
    offVertical();
    for (Phrase p : latinByKey.values()) {
      byFirst.computeIfAbsent(p.tokens()[0], k -> new ArrayList<>()).add(p);
      for (String t : p.tokens()) {
        vocabularyTokens.add(t);
      }
    }
    for (List<Phrase> list : byFirst.values()) {
      list.sort(Comparator.comparingInt((Phrase p) -> -p.tokens().length));
    }
    List<String> keys = new ArrayList<>(cjk.keySet());
    keys.sort(Comparator.comparingInt(String::length).reversed());
    StringBuilder sb = new StringBuilder();
    for (String k : keys) {
      if (sb.length() > 0) {
        sb.append('|');
      }
      sb.append(Pattern.quote(k));
    }
    cjkPattern = Pattern.compile(sb.toString());
  }

  List<Phrase> startingWith(String token) {
    List<Phrase> list = byFirst.get(token);
    return list == null ? List.of() : list;
  }

  List<Sense> cjkSenses(String phrase) {
    return cjk.get(phrase);
  }

  boolean isVocabularyToken(String token) {
    return vocabularyTokens.contains(token);
  }

  // ---------------------------------------------------------------- building

  private void add(Kind kind, String value, boolean secondary, String ruleId, String phrases) {
    Sense sense = new Sense(kind, value, secondary, ruleId);
    for (String phrase : phrases.split("\\|")) {
      String f = BriefText.fold(phrase.strip());
      if (f.isEmpty()) {
        continue;
      }
      boolean cjkText = false;
      for (int i = 0; i < f.length(); i++) {
        if (BriefText.isCjk(f.charAt(i))) {
          cjkText = true;
          break;
        }
      }
      if (cjkText) {
        List<Sense> senses = cjk.computeIfAbsent(f, k -> new ArrayList<>());
        if (!senses.contains(sense)) {
          senses.add(sense);
        }
        continue;
      }
      BriefText t = new BriefText(f);
      String[] tokens = t.tokens;
      if (tokens.length == 0) {
        continue;
      }
      String key = String.join(" ", tokens);
      Phrase existing = latinByKey.get(key);
      boolean plural = pluralizable(kind);
      if (existing == null) {
        List<Sense> senses = new ArrayList<>();
        senses.add(sense);
        latinByKey.put(key, new Phrase(tokens, senses, plural));
      } else {
        if (!existing.senses().contains(sense)) {
          existing.senses().add(sense);
        }
        if (plural && !existing.pluralizable()) {
          latinByKey.put(key, new Phrase(tokens, existing.senses(), true));
        }
      }
    }
  }

  private static boolean pluralizable(Kind kind) {
    return switch (kind) {
      case PRODUCT_TYPE, CONCERN, INGREDIENT, EXCLUDE, OFF_VERTICAL -> true;
      default -> false;
    };
  }

  private void pt(String type, String phrases) {
    add(Kind.PRODUCT_TYPE, type, false, "product_type.keyword", phrases);
  }

  private void weakPt(String type, String phrases) {
    add(Kind.PRODUCT_TYPE, type, true, "product_type.weak", phrases);
  }

  private void productTypes() {
    pt(
        "Serum",
        "serum|face serum|facial serum|ampoule|booster|dark spot corrector|sérum|siero|美容液|セラム");
    pt(
        "Moisturizer",
        "moisturizer|moisturiser|moisturizor|moisturiser cream|moisturizer cream"
            + "|moisturizing cream|moisturising cream|face cream|facial cream|day cream"
            + "|night cream|face lotion|facial lotion|face moisturizer|face moisturiser"
            + "|gel cream|gel-cream|water cream|hydrating cream|crème hydratante|crème de jour"
            + "|crème de nuit|soin hydratant|hydratant|feuchtigkeitscreme|gesichtscreme"
            + "|tagescreme|nachtcreme|crema hidratante|crema facial|hidratante"
            + "|crema idratante|crema viso|乳液|保湿クリーム|フェイスクリーム");
    weakPt("Moisturizer", "cream|creme|crème|crema|balm|moisturizing|moisturising|クリーム");
    pt(
        "Cleanser",
        "cleanser|face wash|facial wash|facial cleanser|foaming cleanser|cleansing gel"
            + "|cleansing foam|cleansing balm|cleansing oil|cleansing milk|micellar water"
            + "|makeup remover|make-up remover|nettoyant|gel nettoyant|démaquillant"
            + "|eau micellaire|reinigungsgel|gesichtsreinigung|reinigungsschaum|waschgel"
            + "|limpiador|gel limpiador|agua micelar|detergente viso|洗顔|洗顔料|洗顔フォーム"
            + "|クレンジング");
    pt(
        "Toner",
        "toner|facial toner|face toner|face mist|facial mist|tonique|lotion tonique"
            + "|gesichtswasser|tónico|tonico|化粧水|トナー");
    pt("Essence", "essence|first essence|essenz|esencia|エッセンス");
    pt(
        "Face Oil",
        "face oil|facial oil|huile visage|huile pour le visage|gesichtsöl|aceite facial"
            + "|olio viso|美容オイル|フェイスオイル");
    pt(
        "Eye Cream",
        "eye cream|under eye cream|under-eye cream|eye gel|eye serum|eye balm"
            + "|contour des yeux|crème contour des yeux|augencreme|contorno de ojos"
            + "|crema contorno occhi|アイクリーム");
    pt(
        "Mask",
        "mask|face mask|facial mask|sheet mask|clay mask|sleeping mask|masque|masque visage"
            + "|gesichtsmaske|maske|mascarilla|maschera viso|パック|フェイスマスク|シートマスク");
    pt(
        "Exfoliant",
        "exfoliant|exfoliator|exfoliating toner|exfoliating serum|chemical exfoliant"
            + "|face scrub|facial scrub|peel|peeling|peeling solution|exfoliante|esfoliante"
            + "|ピーリング");
    weakPt("Exfoliant", "exfoliating|exfoliate");
    pt(
        "Foundation",
        "foundation|fond de teint|grundierung|base de maquillaje|fondotinta|skin tint"
            + "|tinted moisturizer|tinted moisturiser|bb cream|cc cream|ファンデーション|ファンデ");
    pt("Concealer", "concealer|anti-cernes|correcteur|abdeckstift|corrector|correttore|コンシーラー");
    pt("Mascara", "mascara|wimperntusche|マスカラ");
    pt(
        "Lipstick",
        "lipstick|lip stick|lippie|lippy|lip colour|lip color|liquid lipstick|lip gloss"
            + "|lipgloss|lip tint|rouge à lèvres|lippenstift|pintalabios|barra de labios"
            + "|labial|rossetto|口紅|リップスティック|ルージュ");
    pt(
        "Lip Balm",
        "lip balm|lipbalm|chapstick|lip salve|lip butter|lip treatment|lip mask"
            + "|baume à lèvres|baume lèvres|lippenbalsam|lippenpflege|bálsamo labial"
            + "|balsamo labbra|リップクリーム|リップバーム");
    pt("Blush", "blush|blusher|cheek tint|fard à joues|rouge|colorete|rubor|チーク");
    pt("Shampoo", "shampoo|shampooing|shampoing|champú|champu|シャンプー");
    pt(
        "Conditioner",
        "conditioner|après-shampooing|après shampooing|spülung|haarspülung|acondicionador"
            + "|balsamo capelli|コンディショナー|リンス|トリートメント");
    pt(
        "Hair Mask",
        "hair mask|hair masque|deep conditioner|deep conditioning mask|hair treatment"
            + "|masque capillaire|masque cheveux|haarmaske|haarkur|mascarilla capilar"
            + "|mascarilla para el pelo|maschera capelli|ヘアマスク");
    pt(
        "Hair Oil",
        "hair oil|hair serum|huile capillaire|huile cheveux|haaröl|aceite capilar"
            + "|aceite para el pelo|olio capelli|ヘアオイル");
    pt(
        "Leave-In Conditioner",
        "leave-in|leave in|leave-in conditioner|leave in conditioner|leave-in spray"
            + "|leave-in cream|soin sans rinçage|sin aclarado|洗い流さないトリートメント");
    pt(
        "Scalp Serum",
        "scalp serum|scalp treatment|scalp tonic|scalp oil|sérum cuir chevelu|kopfhautserum"
            + "|スカルプセラム|頭皮美容液");
    pt(
        "Styling Cream",
        "styling cream|curl cream|hair cream|styling crème|defining cream|crème coiffante"
            + "|stylingcreme|crema de peinado|ヘアクリーム");
    pt("Eau de Parfum", "perfume|parfum|fragrance|eau de parfum|edp|parfüm|profumo|香水|フレグランス");
    weakPt("Eau de Parfum", "scent|signature scent");
    pt("Eau de Toilette", "eau de toilette|edt|cologne|eau de cologne");
    pt(
        "Body Mist",
        "body mist|body spray|fragrance mist|hair mist|brume|brume parfumée|körperspray"
            + "|bruma corporal|ボディミスト");
    pt(
        "Body Lotion",
        "body lotion|body cream|body butter|body milk|lait corps|lait pour le corps"
            + "|crème pour le corps|körperlotion|bodylotion|körpercreme|crema corporal"
            + "|loción corporal|crema corpo|ボディローション|ボディクリーム|ボディミルク");
    weakPt("Body Lotion", "lotion|loción|lozione");
    pt(
        "Body Wash",
        "body wash|shower gel|shower cream|shower oil|bath gel|gel douche|duschgel"
            + "|gel de ducha|bagnoschiuma|ボディソープ|ボディウォッシュ");
    pt(
        "Body Oil",
        "body oil|huile corps|huile pour le corps|huile sèche|dry oil|körperöl|aceite corporal"
            + "|olio corpo|ボディオイル");
    pt(
        "Deodorant",
        "deodorant|deo|antiperspirant|anti-perspirant|déodorant|desodorante|deodorante"
            + "|デオドラント|制汗剤");
    pt(
        "Hand Cream",
        "hand cream|hand lotion|hand balm|crème mains|crème pour les mains|handcreme"
            + "|crema de manos|crema mani|ハンドクリーム");
    pt(
        "Body Scrub",
        "body scrub|body polish|sugar scrub|salt scrub|coffee scrub|gommage|gommage corps"
            + "|körperpeeling|exfoliante corporal|scrub corpo|ボディスクラブ");
    weakPt("Body Scrub", "scrub|スクラブ");
    pt(
        "Sunscreen",
        "sunscreen|sun screen|sunblock|sun block|sun cream|suncream|sun lotion|sun fluid"
            + "|uv fluid|mineral sunscreen|crème solaire|écran solaire|protection solaire"
            + "|sonnencreme|sonnenschutz|sonnenmilch|protector solar|protección solar"
            + "|crema solar|crema solare|protezione solare|日焼け止め|サンスクリーン");
    weakPt("Sunscreen", "spf");
    pt("After-Sun", "after-sun|after sun|aftersun|après-soleil|après soleil|アフターサン");
    pt(
        "Self-Tanner",
        "self-tanner|self tanner|self-tan|self tan|selftanner|fake tan|tanning drops"
            + "|tanning mousse|tanning lotion|autobronzant|selbstbräuner|autobronceador"
            + "|autoabbronzante|セルフタンニング");
  }

  private void category(String category, boolean weak, String phrases) {
    add(Kind.CATEGORY, category, weak, "category.keyword", phrases);
  }

  private void categories() {
    category(
        "skincare",
        false,
        "skincare|skin care|skin-care|skin routine|soin visage|soins visage|hautpflege"
            + "|cuidado facial|cuidado de la piel|スキンケア");
    category(
        "skincare", true, "face|visage|gesicht|cara|rostro|viso|顔|skin|peau|haut|piel|pelle|肌");
    category(
        "makeup",
        false,
        "makeup|make-up|make up|maquillage|maquillaje|trucco|eyeshadow|eye shadow|eyeliner"
            + "|eye liner|bronzer|highlighter|primer|setting powder|setting spray|brow gel"
            + "|lip liner|メイク|メイクアップ");
    category("makeup", true, "lips|lip|lèvres|lippen|labios|labbra|唇");
    category(
        "hair",
        false,
        "hair|haircare|hair care|scalp|cheveux|haare|haar|cabello|pelo|capelli|髪|ヘアケア|頭皮");
    category(
        "hair",
        false,
        "dry hair|oily hair|oily scalp|dry scalp|damaged hair|brittle hair|weak hair|flaky scalp"
            + "|itchy scalp|coloured hair|colored hair|dyed hair|cheveux secs|trockenes haar"
            + "|trockene haare|cabello seco|pelo seco|capelli secchi");
    category("body", false, "body care|bodycare|soin du corps|körperpflege|cuidado corporal|ボディケア");
    category("body", true, "body|corps|körper|cuerpo|corpo");
    category(
        "sun",
        false,
        "sun care|suncare|sun protection|sun-protection|solaire|protección uv|uv protection|uvケア");
    category("sun", true, "tanning|tan|beach|summer");
    add(
        Kind.BEAUTY,
        "beauty",
        false,
        "vertical.beauty_signal",
        "hair dryer|hairdryer|straightener|hair straightener|curling iron|flat iron");
    add(
        Kind.CATEGORY,
        "hair",
        true,
        "category.keyword",
        "hair dryer|hairdryer|straightener|hair straightener|curling iron|flat iron");
  }

  private void concern(String concern, String phrases) {
    add(Kind.CONCERN, concern, false, "concern.keyword", phrases);
  }

  private void concerns() {
    concern(
        "acne",
        "acne|acne-prone|acne prone|breakouts|breakout|break outs|breaking out|pimples|pimple"
            + "|spots|blemishes|blemish|zits|zit|acné|boutons|imperfections|unreinheiten"
            + "|pickel|granos|espinillas|brufoli|ニキビ|にきび");
    concern(
        "blackheads",
        "blackheads|blackhead|black heads|whiteheads|clogged pores|congestion"
            + "|points noirs|mitesser|puntos negros|punti neri|黒ずみ|角栓");
    concern(
        "enlarged pores",
        "enlarged pores|large pores|big pores|pores|visible pores|open pores|pore"
            + "|pores dilatés|poren|große poren|poros|pori|毛穴");
    concern(
        "oiliness",
        "oiliness|shine|shiny|greasy|greasiness|excess oil|sebum|oil control|oily t-zone"
            + "|oily t zone|oily hair|oily scalp|brillance|glänzen|brillos|テカリ|皮脂");
    concern(
        "dryness",
        "dryness|dry patches|flaky|flakiness|flaking|tight skin|dry hair|sécheresse|cheveux secs"
            + "|trockenes haar|trockene haare|cabello seco|pelo seco|capelli secchi"
            + "|trockenheit|sequedad|secchezza|乾燥|カサカサ");
    concern(
        "dehydration",
        "dehydration|dehydrated|hydration|hydrating|hydrate|thirsty skin|déshydratation"
            + "|déshydratée|feuchtigkeitsarm|deshidratación|deshidratada|disidratazione|保湿");
    concern(
        "dullness",
        "dullness|dull|dull skin|lack of radiance|radiance|brightening|brighten|glow"
            + "|glowy|lackluster|lacklustre|teint terne|éclat|fahle haut|fahl|opaca|apagada"
            + "|luminosidad|くすみ");
    concern(
        "hyperpigmentation",
        "hyperpigmentation|pigmentation|melasma|acne scars|acne marks|post-acne marks"
            + "|post acne marks|pih|hyperpigmentierung|hiperpigmentación|iperpigmentazione"
            + "|肝斑");
    concern(
        "dark spots",
        "dark spots|dark spot|sun spots|sunspots|age spots|brown spots|spots de pigment"
            + "|taches|taches brunes|taches pigmentaires|pigmentflecken|altersflecken"
            + "|manchas|manchas oscuras|macchie|シミ|しみ");
    concern(
        "uneven tone",
        "uneven tone|uneven skin tone|uneven skintone|discoloration|discolouration"
            + "|teint irrégulier|ungleichmäßiger teint|tono desigual|tono irregolare|色ムラ");
    concern(
        "texture",
        "texture|rough texture|uneven texture|rough skin|bumpy skin|bumps|grain de peau"
            + "|textura|texture irrégulière|ザラつき");
    concern(
        "fine lines",
        "fine lines|fine line|wrinkles|wrinkle|anti-aging|anti-ageing|anti aging|anti ageing"
            + "|aging|ageing|mature skin|crow's feet|crows feet|rides|ridules|anti-âge"
            + "|anti-rides|falten|fältchen|anti-falten|arrugas|líneas de expresión"
            + "|antiarrugas|rughe|antirughe|シワ|しわ|エイジングケア");
    concern(
        "firmness",
        "firmness|firming|sagging|loss of firmness|elasticity|loss of elasticity|fermeté"
            + "|relâchement|straffheit|erschlaffung|firmeza|flacidez|tonicità|たるみ|ハリ");
    concern(
        "redness",
        "redness|rosacea|flushing|red patches|rougeurs|rötungen|rötung|rojeces|rojez"
            + "|rossori|赤み");
    concern(
        "sensitivity",
        "sensitivity|reactive|reactive skin|sensibilité|empfindlichkeit|sensibilidad"
            + "|sensibilità");
    concern(
        "irritation",
        "irritation|irritated|stinging|burning|eczema|itchy skin|irritations|reizungen"
            + "|irritación|irritazione|肌荒れ");
    concern(
        "dark circles",
        "dark circles|dark under eye circles|under-eye circles|under eye circles"
            + "|undereye circles|cernes|augenringe|ojeras|occhiaie|クマ|くま");
    concern(
        "puffiness",
        "puffiness|puffy|puffy eyes|eye bags|bags under my eyes|bags under eyes|swelling"
            + "|poches|schwellungen|tränensäcke|bolsas|gonfiore|むくみ");
    concern(
        "frizz",
        "frizz|frizzy|flyaways|fly-aways|frizz control|anti-frizz|frisottis|kräuseln"
            + "|encrespamiento|encrespado|crespo|うねり|広がり");
    concern("dandruff", "dandruff|flaky scalp|flakes|pellicules|schuppen|caspa|forfora|フケ|ふけ");
    concern(
        "itchy scalp",
        "itchy scalp|scalp itch|itching scalp|irritated scalp|dry scalp|sensitive scalp"
            + "|démangeaisons|juckende kopfhaut|picor|prurito|頭皮のかゆみ");
    concern(
        "breakage",
        "breakage|hair breakage|breaking hair|brittle hair|brittle|damaged hair|damaged"
            + "|weak hair|casse|haarbruch|rotura|cabello dañado|cheveux abîmés|capelli danneggiati"
            + "|切れ毛|ダメージ");
    concern(
        "split ends",
        "split ends|split end|fourches|pointes fourchues|spliss|puntas abiertas"
            + "|doppie punte|枝毛");
    concern(
        "color fading",
        "color fading|colour fading|color-treated|colour-treated|color treated|colour treated"
            + "|coloured hair|colored hair|dyed hair|color protection|colour protection"
            + "|fading color|fading colour|brassiness|brassy|cheveux colorés|coloriertes haar"
            + "|cabello teñido|カラーヘア|退色");
    concern(
        "body odor",
        "body odor|body odour|odor|odour|sweat|sweating|sweaty|smelly|transpiration"
            + "|schweiß|körpergeruch|sudor|olor corporal|sudore|体臭|ワキガ|汗");
    concern(
        "dry lips",
        "dry lips|chapped lips|cracked lips|lèvres sèches|trockene lippen|labios secos"
            + "|labbra secche|唇の乾燥|唇が乾燥");
  }

  private void wanted(String value, String phrases) {
    add(Kind.INGREDIENT, value, false, "ingredient.wanted", phrases);
  }

  private void avoidable(String value, String phrases) {
    add(Kind.INGREDIENT, value, true, "ingredient.wanted", phrases);
  }

  private void exclude(String value, String phrases) {
    add(Kind.EXCLUDE, value, false, "exclusion.direct", phrases);
  }

  private void ingredients() {
    wanted(
        "niacinamide",
        "niacinamide|niacin amide|niacinamid|niacinamida|vitamin b3|vitamine b3|ナイアシンアミド");
    wanted(
        "hyaluronic acid",
        "hyaluronic acid|hyaluronic|sodium hyaluronate|acide hyaluronique|hyaluronsäure"
            + "|hyaluron|ácido hialurónico|hialurónico|acido ialuronico|ヒアルロン酸");
    wanted(
        "vitamin c", "vitamin c|vit c|vitamine c|vitamina c|ascorbic acid|l-ascorbic acid|ビタミンc");
    wanted(
        "retinol",
        "retinol|retinoid|retinoids|rétinol|retinyl palmitate|tretinoin|vitamin a|vitamine a"
            + "|vitamina a|レチノール");
    wanted("retinal", "retinal|retinaldehyde|rétinal|レチナール");
    wanted("bakuchiol", "bakuchiol|バクチオール");
    wanted("ceramides", "ceramides|ceramide|céramides|céramide|ceramidas|セラミド");
    wanted(
        "salicylic acid",
        "salicylic acid|salicylic|bha|beta hydroxy acid|acide salicylique|salicylsäure"
            + "|ácido salicílico|acido salicilico|サリチル酸");
    wanted(
        "glycolic acid",
        "glycolic acid|glycolic|acide glycolique|glykolsäure|ácido glicólico|グリコール酸");
    wanted("lactic acid", "lactic acid|lactic|acide lactique|milchsäure|ácido láctico");
    wanted(
        "azelaic acid", "azelaic acid|azelaic|acide azélaïque|azelainsäure|ácido azelaico|アゼライン酸");
    wanted("peptides", "peptides|peptide|copper peptides|matrixyl|peptid|péptidos|ペプチド");
    wanted("squalane", "squalane|squalene|squalan|escualano|スクワラン");
    wanted(
        "centella asiatica", "centella asiatica|centella|cica|tiger grass|madecassoside|ツボクサ|シカ");
    wanted("tranexamic acid", "tranexamic acid|tranexamic|txa|トラネキサム酸");
    wanted("caffeine", "caffeine|caféine|koffein|cafeína|カフェイン");
    wanted(
        "panthenol",
        "panthenol|pro-vitamin b5|provitamin b5|vitamin b5|dexpanthenol|panthénol|pantenol"
            + "|パンテノール");
    wanted("zinc", "zinc|zinc oxide|zink|zinkoxid|óxido de zinc|亜鉛");
    wanted("spf", "spf");

    avoidable(
        "fragrance",
        "fragrance|fragrances|perfume|parfum|scent|scents|fragranced|added fragrance"
            + "|synthetic fragrance|artificial fragrance|parfüm|duft|duftstoffe|duftstoff"
            + "|fragancia|fragancias|profumo|香料");
    avoidable(
        "alcohol",
        "alcohol|alcohol denat|denatured alcohol|drying alcohol|alcool|alkohol" + "|アルコール|エタノール");
    avoidable("parabens", "parabens|paraben|parabène|parabènes|parabene|parabenos|パラベン");
    avoidable(
        "sulfates",
        "sulfates|sulfate|sulphates|sulphate|sls|sles|sodium lauryl sulfate|sulfat|sulfatos"
            + "|サルフェート|硫酸系");
    avoidable(
        "silicones", "silicones|silicone|dimethicone|silikon|silikone|siliconas|siliconi|シリコン");
    avoidable(
        "essential oils",
        "essential oils|essential oil|huiles essentielles|huile essentielle|ätherische öle"
            + "|ätherisches öl|aceites esenciales|oli essenziali|精油");
    avoidable("oil", "oil|huile|öl|aceite|olio|オイル");
    avoidable(
        "mineral oil", "mineral oil|huile minérale|mineralöl|aceite mineral|olio minerale|鉱物油");
    avoidable(
        "aluminum",
        "aluminum|aluminium|aluminum salts|aluminium salts|aluminium chlorohydrate|アルミニウム");
    avoidable("benzoyl peroxide", "benzoyl peroxide|bpo|peroxyde de benzoyle");
    avoidable("phthalates", "phthalates|phthalate");
    avoidable("talc", "talc|talcum");
    avoidable("lanolin", "lanolin|lanoline");
    avoidable("dyes", "dyes|dye|colorants|colorant|artificial colors|artificial colours");
    avoidable("aha", "aha|ahas|alpha hydroxy acid|alpha hydroxy acids");
    avoidable("hydroquinone", "hydroquinone");
    avoidable("gluten", "gluten");
    avoidable("tea tree", "tea tree|tea tree oil");
    avoidable("green tea", "green tea");
    avoidable("chemical filters", "chemical filters|chemical sunscreen|chemical spf");

    exclude(
        "fragrance",
        "unscented|unfragranced|non-fragranced|parfumfrei|duftstofffrei"
            + "|duftstoffrei|無香料|無香|ノンフレグランス");
    exclude("alcohol", "alkoholfrei|ノンアルコール");
    exclude("silicones", "silikonfrei|ノンシリコン");
    exclude("parabens", "parabenfrei");
    exclude("sulfates", "sulfatfrei");
    exclude("oil", "ölfrei|oilfree|オイルフリー");
    exclude("aluminum", "aluminiumfrei");
  }

  private void negation(String scope, String ruleId, String phrases) {
    add(Kind.NEGATION, scope, false, ruleId, phrases);
  }

  private void negations() {
    negation(
        "list",
        "exclusion.no_x",
        "no|zero|none|nothing with|nothing containing|nothing that has|no added|not containing"
            + "|doesn't contain|does not contain|shouldn't contain|should not contain|without"
            + "|w/o");
    negation(
        "list",
        "exclusion.no_x_foreign",
        "sans|pas de|aucun|aucune|ohne|kein|keine|keinen|keinem|keiner|sin|nada de|ningún"
            + "|ninguna|senza|niente");
    negation(
        "list",
        "exclusion.free_of",
        "free of|free from|frei von|libre de|libre d|exempt de|privo di|priva di");
    negation(
        "list",
        "exclusion.avoid",
        "avoid|avoiding|avoids|stay away from|steer clear of|keep away from|exclude|excluding"
            + "|éviter|évite|vermeiden|evitar|evito|evitare|hate|hates|dislike|don't like"
            + "|do not like|don't want|do not want|not a fan of|can't stand");
    negation(
        "list",
        "exclusion.allergy",
        "allergic to|allergy to|allergies to|allergic reaction to|intolerant to|intolerance to"
            + "|sensitive to|react to|reacts to|react badly to|reacting to|break out from"
            + "|allergique à|allergique au|allergique aux|allergisch gegen|allergisch auf"
            + "|alérgico a|alérgica a|alergia a|allergico a|allergica a");
    negation(
        "list",
        "exclusion.cannot_use",
        "can't use|cannot use|can not use|can't have|can't tolerate|cannot tolerate"
            + "|shouldn't use|should not use|must avoid|ne peux pas utiliser|darf kein"
            + "|darf keine|no puedo usar");
    negation(
        "not",
        "exclusion.not_x",
        "not|isn't|aren't|is not|are not|non|nicht|pas|never|don't have|do not have"
            + "|doesn't have|n'est pas|no es");
    negation(
        "brand",
        "brand.avoid",
        "anything but|except|except for|other than|instead of|not from|not by|nothing from"
            + "|nothing by|no more|besides|apart from|sauf|außer|ausser|excepto|tranne");
    add(Kind.FREE_SUFFIX, "free", false, "exclusion.free_suffix", "free|frei");
    add(
        Kind.PREGNANCY,
        "retinol",
        false,
        "pregnancy.retinoids",
        "pregnant|pregnancy|expecting a baby|breastfeeding|breast feeding|breast-feeding"
            + "|nursing mom|nursing mother|trying to conceive|enceinte|grossesse|allaitement"
            + "|schwanger|schwangerschaft|stillzeit|embarazada|embarazo|lactancia|incinta"
            + "|gravidanza|妊娠|妊婦|授乳");
  }

  private void skinAdj(String type, String phrases) {
    add(Kind.SKIN_ADJ, type, false, "skin.type", phrases);
  }

  private void skin() {
    skinAdj(
        "dry", "dry|very dry|extra dry|sèche|seche|sèches|trockene|trockener|trocken|seca|secca");
    skinAdj("oily", "oily|grasse|grasses|fettige|fettiger|fettig|ölige|öliger|grasa|grassa");
    skinAdj("combination", "combination|combo|combi|mixed|mixte|mixtes|mixta|mista|combinación");
    skinAdj("normal", "normal|normale|normales");
    skinAdj(
        "sensitive",
        "sensitive|reactive|sensible|sensibles|empfindliche|empfindlicher|empfindlich"
            + "|sensibile|sensibili");
    add(
        Kind.SKIN_NOUN,
        "skin",
        false,
        "skin.type",
        "skin|skin type|complexion|peau|haut|hauttyp|piel|pelle|cutis");
    add(Kind.SKIN_COMPOUND, "dry", false, "skin.type_compound", "乾燥肌|ドライ肌");
    add(Kind.SKIN_COMPOUND, "oily", false, "skin.type_compound", "脂性肌|オイリー肌");
    add(Kind.SKIN_COMPOUND, "combination", false, "skin.type_compound", "混合肌|mischhaut");
    add(Kind.SKIN_COMPOUND, "sensitive", false, "skin.type_compound", "敏感肌");
    add(Kind.SKIN_COMPOUND, "normal", false, "skin.type_compound", "普通肌");
  }

  private void misc() {
    add(
        Kind.GIFT,
        "gift",
        false,
        "gift.keyword",
        "gift|gifts|gifting|present for|a present|birthday present|christmas present"
            + "|stocking stuffer|stocking filler|secret santa|birthday|christmas|xmas"
            + "|mother's day|mothers day|valentine|valentine's|anniversary|cadeau|offrir"
            + "|geschenk|regalo|regalar|プレゼント|ギフト|贈り物");
    add(
        Kind.IN_STOCK,
        "true",
        false,
        "stock.in_stock",
        "in stock|in-stock|available now|available today|ships today|ship today"
            + "|shipping today|ready to ship|dispatch today|dispatched today|ships immediately"
            + "|same day shipping|same-day shipping|same day delivery|en stock"
            + "|disponible immédiatement|auf lager|sofort lieferbar|en existencia"
            + "|disponible ahora|在庫あり|即日発送|即納");
    add(
        Kind.PRICE_TIER,
        "budget",
        false,
        "price.tier_low",
        "cheap|cheaper|cheapest|inexpensive|affordable|budget friendly|budget-friendly"
            + "|on a budget|low cost|low-cost|low price|drugstore|bargain|pas cher|pas chère"
            + "|bon marché|abordable|günstig|billig|preiswert|barato|barata|económico"
            + "|económica|economico|a buen precio|安い|プチプラ|お手頃");
    add(
        Kind.PRICE_TIER,
        "premium",
        false,
        "price.tier_high",
        "luxury|luxurious|high-end|high end|premium|splurge|prestige|designer|luxe"
            + "|haut de gamme|hochwertig|luxus|lujo|de lujo|lusso|高級|デパコス");
    add(
        Kind.BEAUTY,
        "beauty",
        false,
        "vertical.beauty_signal",
        "beauty|cosmetics|cosmetic|self-care|selfcare|pamper|pampering|spa|routine|beauté"
            + "|kosmetik|belleza|cosmética|bellezza|cosmetici|コスメ|化粧品|美容");
    market("GB", "uk|united kingdom|britain|great britain|england|scotland|wales");
    market("US", "usa|united states|america|the states|états-unis|estados unidos");
    market("CA", "canada");
    market("JP", "japan|japon|日本");
    market("AU", "australia");
    market(
        "EU",
        "europe|eu|european union|germany|deutschland|france|spain|españa|italy|italia"
            + "|netherlands|ireland|austria|österreich|belgium|portugal|allemagne|espagne"
            + "|italie|frankreich|spanien|italien|alemania|francia");
  }

  private void market(String code, String phrases) {
    add(Kind.MARKET, code, false, "market.country_name", phrases);
  }

  private void off(String vertical, String phrases) {
    add(Kind.OFF_VERTICAL, vertical, false, "vertical.off_vertical", phrases);
  }

  private void offVertical() {
    off(
        "electronics",
        "laptop|notebook computer|computer|pc|macbook|phone|smartphone|iphone|phone case"
            + "|headphones|headphone|earbuds|earphones|headset|tv|television|monitor|camera"
            + "|tablet|ipad|console|gaming|playstation|ps5|xbox|nintendo|keyboard|mouse"
            + "|charger|speaker|smartwatch|router|ordinateur|ordinateur portable"
            + "|fernseher|ordenador|portátil|móvil|ノートパソコン|パソコン|スマホ|イヤホン");
    off(
        "footwear",
        "shoes|shoe|running shoes|sneakers|trainers|boots|sandals|loafers|chaussures"
            + "|schuhe|zapatos|zapatillas|scarpe|靴|スニーカー");
    off(
        "apparel",
        "shirt|t-shirt|tshirt|jeans|dress|jacket|coat|hoodie|sweater|jumper|socks|leggings"
            + "|pants|trousers|skirt|swimsuit|bikini|vêtements|kleid|jacke|vestido|chaqueta");
    add(
        Kind.OFF_VERTICAL,
        "pet",
        false,
        "vertical.pet",
        "dog food|cat food|dog|cat|puppy|kitten|pet|kibble|cat litter|chien|hund|katze|perro"
            + "|gato|犬|猫|ペット");
    off(
        "home",
        "sofa|couch|chair|lamp|mattress|pillow|blender|coffee maker|coffee machine"
            + "|espresso machine|vacuum|vacuum cleaner|kettle|air fryer|toaster|cookware"
            + "|frying pan|microwave|fridge|desk");
    off("books", "book|novel|ebook|kindle|buch|libro");
    off("toys", "toy|lego|board game|puzzle|doll|jouet|spielzeug|juguete|おもちゃ");
    off(
        "sports",
        "bike|bicycle|tent|yoga mat|dumbbells|dumbbell|treadmill|tennis racket|golf clubs"
            + "|football|basketball|skateboard|fahrrad|bicicleta");
    off("grocery", "coffee|coffee beans|tea|wine|beer|snacks|groceries");
    off("jewelry", "jewelry|jewellery|necklace|earrings|bracelet|bijoux|schmuck|joyas");
  }
}
