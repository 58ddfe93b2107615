package org.agentcommerce.database.generator;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The evidence library: topics (an ingredient, a concern or a practice), each with a few careful
 * findings ("facts"). Every fact is published as two or three citations of different kinds by
 * invented publishers on {@code .example} domains, and a product claim cites one of them.
 */
final class Evidence {

  /** A finding: the short product claim it supports, a headline and an excerpt. */
  record Fact(String claim, String headline, String excerpt, List<String> kinds) {}

  record Topic(
      String key, String display, String group, String topics, String strength, List<Fact> facts) {}

  record Citation(
      String id,
      String kind,
      String title,
      String publisher,
      String url,
      LocalDate publishedOn,
      String excerpt,
      String topics,
      String topicKey,
      int fact) {}

  /** A claim a product can make, with the citation behind it. */
  record Claim(String text, Citation citation) {}

  private static Fact fact(String claim, String headline, String excerpt, String kinds) {
    return new Fact(claim, headline, excerpt, List.of(kinds.split(",")));
  }

  private static Topic topic(
      String key, String display, String group, String topics, String strength, Fact... facts) {
    return new Topic(key, display, group, topics, strength, List.of(facts));
  }

  static final List<Topic> TOPICS =
      List.of(
          topic(
              "niacinamide",
              "niacinamide",
              "skin",
              "niacinamide,oily skin,sebum,acne,enlarged pores,hyperpigmentation,redness",
              "moderate",
              fact(
                  "Niacinamide at 2–5% has been linked to lower sebum output within a few weeks"
                      + " of twice-daily use.",
                  "Topical niacinamide and facial sebum excretion",
                  "Twice-daily application of a 2% niacinamide moisturizer was associated with a"
                      + " measurable reduction in sebum excretion rate after two to four weeks"
                      + " compared with the vehicle. Effects were modest and varied between"
                      + " participants.",
                  "study,review,guide"),
              fact(
                  "Niacinamide can fade the look of dark spots when used consistently for eight"
                      + " weeks or more.",
                  "Niacinamide and uneven pigmentation",
                  "Niacinamide at about 4–5% appears to reduce the transfer of pigment to"
                      + " surrounding skin cells, and in small trials visibly lightened"
                      + " hyperpigmented spots after eight weeks of daily use.",
                  "study,review,brand"),
              fact(
                  "Niacinamide is generally well tolerated, including by many people with"
                      + " sensitive skin.",
                  "Tolerability of niacinamide in leave-on products",
                  "Niacinamide has a low rate of irritation at common leave-on concentrations of"
                      + " 2–5%; higher strengths such as 10% are popular but have less supporting"
                      + " data and may cause transient flushing in some users.",
                  "regulatory,guide")),
          topic(
              "zinc",
              "zinc PCA",
              "skin",
              "zinc pca,zinc,oily skin,sebum,acne",
              "limited",
              fact(
                  "Zinc PCA is used alongside niacinamide to help regulate shine on oily skin.",
                  "Zinc salts in sebum-regulating formulas",
                  "Zinc PCA is thought to moderate sebum production through an effect on"
                      + " 5-alpha reductase in sebaceous glands; clinical data are limited and"
                      + " mostly come from combination products.",
                  "review,brand"),
              fact(
                  "Zinc has mild soothing properties that suit blemish-prone skin.",
                  "Zinc and inflammatory acne lesions",
                  "Topical and oral zinc have both been studied in mild to moderate acne, with"
                      + " topical formulations showing small reductions in inflammatory lesion"
                      + " counts when combined with other actives.",
                  "study,review"),
              fact(
                  "Zinc PCA is considered safe as used in rinse-off and leave-on cosmetics.",
                  "Safety of zinc PCA in cosmetics",
                  "Expert panels have concluded that zinc PCA is safe in the present practices"
                      + " of use and concentration in cosmetics, which are typically below 1%.",
                  "regulatory,guide")),
          topic(
              "retinoids",
              "retinoids",
              "skin",
              "retinol,retinal,retinoids,fine lines,wrinkles,photoaging,irritation,pregnancy",
              "well established",
              fact(
                  "Retinol is one of the best-studied cosmetic ingredients for the look of fine"
                      + " lines.",
                  "Retinol and photoaged skin",
                  "In a 12-week vehicle-controlled study, 0.4% retinol applied three times weekly"
                      + " improved fine wrinkles and increased markers of dermal collagen in"
                      + " photoaged skin.",
                  "study,review,brand"),
              fact(
                  "Retinoids can cause dryness, flaking and stinging at first; start two or three"
                      + " nights a week.",
                  "Retinoid irritation and how to reduce it",
                  "Dryness, peeling and stinging from topical retinoids are most common in the"
                      + " first two to four weeks. Starting with a low concentration a few nights"
                      + " a week and buffering with a moisturizer improves tolerance.",
                  "guide,review,study"),
              fact(
                  "Retinoids are not recommended during pregnancy; choose a non-retinoid"
                      + " alternative.",
                  "Retinoids in pregnancy and limits on concentration",
                  "Because of the known risks of oral retinoids, cosmetic retinoids are usually"
                      + " avoided during pregnancy as a precaution. In the EU, retinol in face"
                      + " products is limited to 0.3% retinol equivalent.",
                  "regulatory,guide")),
          topic(
              "bakuchiol",
              "bakuchiol",
              "skin",
              "bakuchiol,retinol alternative,fine lines,sensitive skin",
              "early",
              fact(
                  "Bakuchiol showed retinol-like improvements in fine lines with less stinging in"
                      + " a 12-week comparison.",
                  "Bakuchiol compared with retinol for photoaging",
                  "In a 12-week randomized, double-blind comparison, 0.5% bakuchiol twice daily"
                      + " and 0.5% retinol daily both reduced wrinkle surface area and"
                      + " hyperpigmentation, with more scaling and stinging reported with retinol.",
                  "study,review,brand"),
              fact(
                  "Bakuchiol is a gentler option for people who cannot tolerate retinoids.",
                  "Bakuchiol for retinoid-intolerant skin",
                  "Bakuchiol is not a retinoid structurally but affects some of the same"
                      + " gene-expression pathways; it is often suggested for sensitive skin,"
                      + " although long-term data remain limited.",
                  "guide,review"),
              fact(
                  "Bakuchiol is stable in light, so it can be worn in the daytime.",
                  "Photostability of bakuchiol",
                  "Unlike retinol, bakuchiol is reported to be photostable and can be included in"
                      + " day creams; daily sunscreen is still advised.",
                  "brand,guide")),
          topic(
              "hyaluronic",
              "hyaluronic acid",
              "skin",
              "hyaluronic acid,sodium hyaluronate,hydration,dryness,dehydration,fine lines",
              "moderate",
              fact(
                  "Hyaluronic acid binds water in the upper skin layers and improves hydration"
                      + " within hours.",
                  "Topical hyaluronic acid and skin hydration",
                  "Formulations with sodium hyaluronate of different molecular weights increased"
                      + " skin hydration readings within hours of application and after eight"
                      + " weeks of twice-daily use.",
                  "study,review,brand"),
              fact(
                  "Hyaluronic acid works best on damp skin, sealed in with a moisturizer.",
                  "Layering humectants in dry climates",
                  "Humectants such as hyaluronic acid draw water into the outer skin layer; in"
                      + " very dry air they work best applied to damp skin and followed by an"
                      + " emollient or occlusive layer.",
                  "guide,review"),
              fact(
                  "Low-weight hyaluronic acid can smooth the look of fine dehydration lines.",
                  "Molecular weight and the effect of hyaluronic acid",
                  "Lower molecular weight hyaluronic acid penetrated further into the epidermis"
                      + " and was associated with reduced wrinkle depth over 60 days, whereas high"
                      + " molecular weight forms acted mainly at the surface.",
                  "study,review")),
          topic(
              "vitamin-c",
              "vitamin C",
              "skin",
              "vitamin c,ascorbic acid,antioxidant,dullness,hyperpigmentation,brightening",
              "moderate",
              fact(
                  "Vitamin C can brighten dull skin and fade dark spots with regular use.",
                  "L-ascorbic acid and skin brightness",
                  "Ascorbic acid at 10–20% in a low-pH formula improved skin brightness and"
                      + " reduced the appearance of hyperpigmentation over 12 weeks in small"
                      + " controlled studies.",
                  "study,review,brand"),
              fact(
                  "Vitamin C adds antioxidant support under sunscreen but does not replace it.",
                  "Topical antioxidants as a complement to sunscreen",
                  "Topical vitamin C reduces markers of UV-induced oxidative stress in skin,"
                      + " which may complement sunscreen; it has no SPF of its own and is not a"
                      + " substitute for UV filters.",
                  "review,guide"),
              fact(
                  "Pure vitamin C degrades with air and light; opaque, airtight packaging keeps"
                      + " it effective for longer.",
                  "Stability of ascorbic acid in serums",
                  "L-ascorbic acid degrades when exposed to air, light and heat, often turning the"
                      + " product yellow or brown; airless or opaque packaging and cool storage"
                      + " slow the loss of potency.",
                  "guide,brand")),
          topic(
              "ceramides",
              "ceramides",
              "skin",
              "ceramides,skin barrier,dryness,sensitive skin,eczema,barrier repair",
              "moderate",
              fact(
                  "Ceramide-containing moisturizers help restore a compromised skin barrier.",
                  "Ceramide-dominant emollients and barrier recovery",
                  "Emollients combining ceramides, cholesterol and free fatty acids in a"
                      + " physiological ratio improved barrier recovery after tape stripping and"
                      + " reduced transepidermal water loss in dry skin.",
                  "study,review,brand"),
              fact(
                  "A fragrance-free ceramide cream is a sensible daily moisturizer for dry or"
                      + " eczema-prone skin.",
                  "Moisturizer choice in dry and eczema-prone skin",
                  "Regular use of a fragrance-free emollient is a first-line measure for dry and"
                      + " eczema-prone skin; ceramide-containing products performed at least as"
                      + " well as standard emollients in comparative studies.",
                  "guide,review"),
              fact(
                  "Skin-identical ceramides are well tolerated by sensitive skin.",
                  "Ceramides in sensitive-skin formulations",
                  "Skin-identical ceramides have a very low potential for irritation or"
                      + " sensitisation and are widely used in products for sensitive and"
                      + " compromised skin.",
                  "regulatory,brand")),
          topic(
              "salicylic",
              "salicylic acid",
              "skin",
              "salicylic acid,bha,acne,blackheads,clogged pores,exfoliation,oily skin",
              "moderate",
              fact(
                  "Salicylic acid is oil-soluble and helps clear blackheads and clogged pores.",
                  "Salicylic acid in comedonal acne",
                  "Salicylic acid at 0.5–2% penetrates the oily environment of the pore and"
                      + " loosens dead cells; leave-on products reduced comedone counts in mild"
                      + " acne over eight to twelve weeks.",
                  "study,review,guide"),
              fact(
                  "Start salicylic acid every other day; overuse can dry and irritate skin.",
                  "Using BHA exfoliants without over-exfoliating",
                  "Daily salicylic acid alongside other acids or retinoids raises the risk of"
                      + " dryness and irritation; alternating nights and using a plain"
                      + " moisturizer is a common way to build tolerance.",
                  "guide,brand"),
              fact(
                  "Salicylic acid is capped at 2% in most leave-on cosmetics in the EU.",
                  "Concentration limits for salicylic acid",
                  "EU rules cap salicylic acid at 2% in most cosmetic products, with lower limits"
                      + " for some leave-on body products and 3% for rinse-off hair products, and"
                      + " require a warning against use on children under three except in"
                      + " shampoos.",
                  "regulatory")),
          topic(
              "aha",
              "alpha hydroxy acids",
              "skin",
              "glycolic acid,lactic acid,aha,exfoliation,dullness,texture,sun sensitivity",
              "moderate",
              fact(
                  "Glycolic and lactic acid exfoliate the surface for smoother, brighter-looking"
                      + " skin.",
                  "Alpha hydroxy acids and skin texture",
                  "Leave-on glycolic or lactic acid at 5–10% improved skin roughness and mottled"
                      + " pigmentation in photoaged skin over 22 weeks compared with vehicle.",
                  "study,review"),
              fact(
                  "AHAs can increase sun sensitivity, so daily sunscreen matters while using"
                      + " them.",
                  "AHAs and sunburn sensitivity",
                  "Skin treated with glycolic acid showed increased sensitivity to UV, with more"
                      + " sunburn cells than untreated skin; the effect reversed within a week of"
                      + " stopping. Daily sunscreen is recommended while using AHAs.",
                  "regulatory,guide,study"),
              fact(
                  "Lactic acid is a gentler AHA that also helps skin hold water.",
                  "Lactic acid as a humectant exfoliant",
                  "Lactic acid is a larger molecule than glycolic acid and penetrates more"
                      + " slowly, which tends to mean less stinging; it is also part of the"
                      + " skin's natural moisturizing factor.",
                  "review,brand")),
          topic(
              "azelaic",
              "azelaic acid",
              "skin",
              "azelaic acid,redness,rosacea,hyperpigmentation,acne,sensitive skin",
              "moderate",
              fact(
                  "Azelaic acid can calm redness and bumps in rosacea-prone skin.",
                  "Azelaic acid for papulopustular redness",
                  "Prescription 15% azelaic acid gel reduced inflammatory lesions and redness in"
                      + " papulopustular rosacea; cosmetic products use lower levels, around 10%,"
                      + " with less evidence behind them.",
                  "study,review,guide"),
              fact(
                  "Azelaic acid helps even out post-blemish marks and uneven tone.",
                  "Azelaic acid and post-inflammatory hyperpigmentation",
                  "Azelaic acid inhibits tyrosinase and was associated with lighter"
                      + " post-inflammatory hyperpigmentation over 16 weeks in darker skin"
                      + " types.",
                  "study,review"),
              fact(
                  "Azelaic acid may tingle at first but suits most skin types.",
                  "Tolerability of azelaic acid",
                  "Transient tingling or itching is the most common side effect of azelaic acid"
                      + " and usually fades within a few weeks; it is often considered during"
                      + " pregnancy, though users should check with a clinician.",
                  "guide,regulatory")),
          topic(
              "peptides",
              "peptides",
              "skin",
              "peptides,fine lines,firmness,anti-aging,eye area",
              "early",
              fact(
                  "Signal peptides may soften the look of fine lines over 12 weeks.",
                  "Palmitoyl peptides and facial wrinkles",
                  "A moisturizer with a palmitoyl peptide produced modest improvements in fine"
                      + " lines compared with vehicle in a 12-week split-face study; effects were"
                      + " smaller than those reported for retinoids.",
                  "study,review"),
              fact(
                  "Peptides are gentle and pair well with most other actives.",
                  "Peptides in sensitive-skin anti-aging routines",
                  "Cosmetic peptides rarely cause irritation and can be layered with most"
                      + " actives; copper peptides are an exception that some formulators keep"
                      + " apart from strong acids.",
                  "guide,brand"),
              fact(
                  "Evidence for peptides is promising but mostly comes from small,"
                      + " supplier-funded studies.",
                  "Quality of the evidence for cosmetic peptides",
                  "Most clinical data on cosmetic peptides come from small studies funded by"
                      + " ingredient suppliers, with short follow-up; independent trials are"
                      + " needed to confirm the size of the benefit.",
                  "review,guide")),
          topic(
              "squalane",
              "squalane",
              "skin",
              "squalane,face oil,dryness,emollient,sensitive skin,non-comedogenic",
              "moderate",
              fact(
                  "Squalane is a lightweight emollient that softens dry skin without a greasy"
                      + " feel.",
                  "Squalane as a skin-identical emollient",
                  "Squalane, the saturated form of the squalene found in sebum, spreads easily"
                      + " and reduces water loss; unlike squalene it resists oxidation.",
                  "review,brand,study"),
              fact(
                  "Squalane is unlikely to clog pores, which makes it a face-oil option for"
                      + " combination skin.",
                  "Comedogenicity of cosmetic oils",
                  "In comedogenicity testing squalane scored low compared with heavier oils such"
                      + " as coconut oil, though such models are imperfect predictors of"
                      + " breakouts in real use.",
                  "study,guide"),
              fact(
                  "Today's squalane is plant-derived, from olive or sugarcane.",
                  "Sourcing of cosmetic squalane",
                  "Squalane in cosmetics was historically taken from shark liver oil; most now"
                      + " comes from olive or fermented sugarcane sources, which are chemically"
                      + " identical once purified.",
                  "brand,guide")),
          topic(
              "centella",
              "centella asiatica",
              "skin",
              "centella asiatica,cica,madecassoside,redness,sensitive skin,barrier repair",
              "early",
              fact(
                  "Centella asiatica extracts help soothe irritated, reactive skin.",
                  "Centella asiatica and skin irritation",
                  "Madecassoside and asiaticoside from Centella asiatica reduced inflammatory"
                      + " markers in vitro, and creams containing them reduced redness after"
                      + " irritation in small clinical studies.",
                  "study,review,brand"),
              fact(
                  "Cica creams support barrier recovery after over-exfoliation or retinoid use.",
                  "Centella in barrier-repair routines",
                  "Centella-based creams are widely used to calm skin after procedures or"
                      + " retinoid irritation; evidence suggests faster barrier recovery, but"
                      + " trials are small.",
                  "guide,review"),
              fact(
                  "Centella is generally well tolerated, though plant-extract allergy is"
                      + " possible.",
                  "Safety of Centella asiatica extracts",
                  "Centella asiatica extracts are considered safe in cosmetics at typical"
                      + " concentrations; rare cases of allergic contact dermatitis have been"
                      + " reported.",
                  "regulatory")),
          topic(
              "zinc-oxide",
              "zinc oxide",
              "sun",
              "zinc oxide,titanium dioxide,mineral sunscreen,sun protection,uva,uvb,sensitive skin",
              "well established",
              fact(
                  "Zinc oxide gives broad UVA and UVB protection on its own.",
                  "Zinc oxide as a broad-spectrum UV filter",
                  "Zinc oxide attenuates both UVB and long-wave UVA, making it one of the few"
                      + " single filters that offers broad-spectrum protection.",
                  "review,regulatory,brand"),
              fact(
                  "Mineral sunscreens are often the better pick for sensitive or reactive skin.",
                  "Mineral filters for sensitive skin",
                  "Zinc oxide and titanium dioxide rarely cause allergic reactions and are often"
                      + " recommended for sensitive skin, children and rosacea, though they can"
                      + " leave a white cast.",
                  "guide,study"),
              fact(
                  "Zinc oxide and titanium dioxide are the two filters US regulators have proposed"
                      + " as safe and effective.",
                  "Regulatory status of mineral UV filters",
                  "US regulators have proposed that zinc oxide and titanium dioxide are generally"
                      + " recognized as safe and effective for sunscreen use, while requesting"
                      + " more data on several organic filters.",
                  "regulatory")),
          topic(
              "avobenzone",
              "avobenzone",
              "sun",
              "avobenzone,octocrylene,uva,chemical sunscreen,sun protection,photostability",
              "well established",
              fact(
                  "Avobenzone is the main UVA filter in many US sunscreens.",
                  "Avobenzone and UVA protection",
                  "Avobenzone absorbs strongly across the UVA-I range and is limited to 3% in US"
                      + " sunscreens; it is the principal long-wave UVA filter available in US"
                      + " products.",
                  "review,regulatory"),
              fact(
                  "Avobenzone needs stabilizing partners such as octocrylene to keep working in"
                      + " sunlight.",
                  "Photostability of avobenzone",
                  "Avobenzone degrades on UV exposure unless stabilized, for example with"
                      + " octocrylene; well-formulated products keep most of their UVA protection"
                      + " after irradiation.",
                  "study,review,brand"),
              fact(
                  "Chemical sunscreens feel lighter and leave no white cast on deeper skin"
                      + " tones.",
                  "Cosmetic acceptability of organic UV filters",
                  "Users rate sunscreens based on organic filters as lighter and less visible"
                      + " than mineral products, which can improve how much is applied and how"
                      + " often.",
                  "study,guide")),
          topic(
              "sunscreen",
              "daily sunscreen",
              "sun",
              "sunscreen,sun cream,spf,sun protection,reapplication,uv,photoaging",
              "well established",
              fact(
                  "Sunscreen should be reapplied at least every 2 hours and after swimming or"
                      + " sweating.",
                  "Reapplication of sunscreen outdoors",
                  "Sunscreen should be reapplied at least every two hours outdoors, and straight"
                      + " after swimming, sweating or towel-drying, because it rubs off and breaks"
                      + " down over time.",
                  "guide,regulatory,study"),
              fact(
                  "Most people apply too little sunscreen; about a quarter teaspoon is needed for"
                      + " the face.",
                  "Applied amount and achieved SPF",
                  "SPF is tested at 2 mg/cm², but people typically apply a quarter to half of"
                      + " that, which lowers the protection they actually get.",
                  "study,review,guide"),
              fact(
                  "Daily broad-spectrum SPF 30 or higher slows visible photoaging.",
                  "Daily sunscreen use and skin aging",
                  "In a randomized community trial, adults who used broad-spectrum sunscreen"
                      + " daily showed no detectable increase in skin aging over four and a half"
                      + " years, unlike those who used it at their own discretion.",
                  "study,review")),
          topic(
              "fragrance",
              "fragrance allergens",
              "fragrance",
              "fragrance,parfum,fragrance allergens,essential oils,sensitive skin,contact"
                  + " dermatitis,fragrance-free",
              "well established",
              fact(
                  "Fragrance is among the most common causes of cosmetic contact allergy; skip it"
                      + " if your skin is reactive.",
                  "Fragrance as a cause of cosmetic contact allergy",
                  "Fragrance mix is consistently one of the most frequent positive patch-test"
                      + " allergens in people with suspected cosmetic dermatitis.",
                  "study,review"),
              fact(
                  "Essential oils such as tea tree, lavender and citrus contain allergens like"
                      + " linalool and limonene.",
                  "Essential oils and oxidised terpenes",
                  "Linalool and limonene, common in essential oils, form allergenic hydroperoxides"
                      + " on exposure to air, so natural fragrance is not automatically gentler"
                      + " for sensitive skin.",
                  "study,guide"),
              fact(
                  "EU labels must name fragrance allergens above set thresholds.",
                  "Labelling of fragrance allergens in the EU",
                  "EU rules require named fragrance allergens to be listed when they exceed"
                      + " 0.001% in leave-on and 0.01% in rinse-off products, and the list of"
                      + " named allergens has recently been expanded.",
                  "regulatory,guide")),
          topic(
              "alcohol",
              "alcohol denat.",
              "fragrance",
              "alcohol denat.,alcohol,toner,dryness,sensitive skin,fragrance",
              "moderate",
              fact(
                  "High levels of drying alcohol may bother dry or sensitive skin.",
                  "Denatured alcohol in leave-on skincare",
                  "Alcohol denat. helps products dry quickly and feel light; at high levels it can"
                      + " increase dryness and stinging where the barrier is compromised, while"
                      + " effects on healthy skin appear small.",
                  "review,guide"),
              fact(
                  "In perfume, alcohol carries the scent; spraying clothing instead of skin helps"
                      + " if it stings.",
                  "Ethanol as a fragrance carrier",
                  "Perfumes are typically 70–90% alcohol, which evaporates quickly after spraying;"
                      + " applying to clothing instead of skin can help people who find alcohol"
                      + " irritating.",
                  "brand,guide"),
              fact(
                  "Fatty alcohols such as cetearyl alcohol are emollients, not drying alcohols.",
                  "Fatty alcohols versus drying alcohols",
                  "Cetyl, stearyl and cetearyl alcohols are waxy emollients that soften skin and"
                      + " are unrelated to the drying effect of ethanol or alcohol denat.",
                  "guide,regulatory")),
          topic(
              "dandruff",
              "dandruff care",
              "hair",
              "dandruff,piroctone olamine,salicylic acid,scalp,flaking,itchy scalp,shampoo",
              "moderate",
              fact(
                  "Piroctone olamine targets the yeast linked to dandruff and reduces flaking.",
                  "Piroctone olamine shampoos and dandruff",
                  "Shampoos with 0.5–1% piroctone olamine reduced dandruff severity scores"
                      + " compared with a non-medicated shampoo over four weeks.",
                  "study,review,brand"),
              fact(
                  "Anti-dandruff shampoo works better left on the scalp for a few minutes before"
                      + " rinsing.",
                  "Using anti-dandruff shampoo effectively",
                  "Massaging an anti-dandruff shampoo into the scalp and leaving it for three to"
                      + " five minutes, two or three times a week, gives the active ingredients"
                      + " time to work.",
                  "guide"),
              fact(
                  "Salicylic acid in scalp care helps lift visible flakes.",
                  "Keratolytics for scalp scaling",
                  "Salicylic acid loosens scale on the scalp and is often combined with"
                      + " antifungal actives in products for dandruff and seborrhoeic"
                      + " dermatitis.",
                  "review,guide")),
          topic(
              "frizz",
              "hair oils and frizz",
              "hair",
              "frizz,hair oil,argan oil,camellia oil,dry hair,split ends",
              "moderate",
              fact(
                  "Hair oils smooth the cuticle and reduce frizz in humid weather.",
                  "Oils and humidity-induced frizz",
                  "Oils that penetrate the hair shaft, such as coconut, or coat it, such as argan"
                      + " and camellia, reduce water uptake and the swelling and frizz that"
                      + " humidity causes.",
                  "study,review,guide"),
              fact(
                  "Argan oil adds shine and softness to dry, coarse hair.",
                  "Argan oil for dry and damaged hair",
                  "Argan oil, rich in oleic and linoleic acids and tocopherols, improved the feel"
                      + " and shine of chemically treated hair in laboratory testing.",
                  "study,brand"),
              fact(
                  "A few drops of hair oil on mid-lengths and ends is enough; more weighs fine"
                      + " hair down.",
                  "How much hair oil to use",
                  "Two or three drops applied to the mid-lengths and ends of damp or dry hair is"
                      + " usually enough; fine hair needs less to avoid a greasy look.",
                  "guide,brand")),
          topic(
              "colour",
              "color-treated hair",
              "hair",
              "sulfate-free,color-treated hair,colour,color fading,shampoo,conditioner",
              "moderate",
              fact(
                  "Sulfate-free shampoos are gentler on color-treated hair.",
                  "Surfactant choice and hair-dye fading",
                  "Milder surfactant systems removed less oxidative hair dye over repeated washes"
                      + " than sodium lauryl sulfate-based shampoos in laboratory testing.",
                  "study,review,brand"),
              fact(
                  "Cooler water and fewer washes slow color fading.",
                  "Caring for colour-treated hair",
                  "Hot water and frequent washing speed up dye loss; many colourists recommend"
                      + " cooler rinses, fewer washes and a UV-protective leave-in.",
                  "guide,brand"),
              fact(
                  "Conditioning ingredients reduce friction and breakage during detangling.",
                  "Conditioners and combing damage",
                  "Cationic conditioning agents deposit on the hair surface, reducing combing"
                      + " forces and the breakage that comes with them, particularly on bleached or"
                      + " coloured hair.",
                  "study,review")),
          topic(
              "curl",
              "curly hair care",
              "hair",
              "curly hair,coily hair,curl definition,shea butter,leave-in,frizz,detangling,breakage",
              "moderate",
              fact(
                  "Leave-in conditioners help curly hair keep moisture and definition.",
                  "Moisture retention in curly and coily hair",
                  "Curly and coily hair tends to be drier along its length because sebum travels"
                      + " less easily down the shaft; leave-in conditioners and butters help"
                      + " reduce breakage and frizz.",
                  "review,guide"),
              fact(
                  "Shea butter seals in moisture on thick, dry hair and skin.",
                  "Shea butter as an occlusive emollient",
                  "Shea butter is rich in stearic and oleic acids and forms a soft film that"
                      + " slows water loss from hair and skin.",
                  "study,brand"),
              fact(
                  "Detangling wet, conditioned hair limits breakage.",
                  "Detangling practices and breakage",
                  "Detangling with fingers or a wide-tooth comb while hair is saturated with"
                      + " conditioner caused less breakage than brushing dry hair.",
                  "guide,brand")),
          topic(
              "caffeine",
              "caffeine for the eye area",
              "skin",
              "caffeine,dark circles,puffiness,eye cream,eye area",
              "early",
              fact(
                  "Caffeine can temporarily reduce morning puffiness around the eyes.",
                  "Topical caffeine and periorbital puffiness",
                  "Caffeine constricts blood vessels and may reduce fluid build-up; eye gels"
                      + " containing it showed short-term reductions in puffiness in small"
                      + " studies.",
                  "study,review,brand"),
              fact(
                  "Dark circles have several causes; cosmetics help mainly with puffiness and"
                      + " dryness.",
                  "Causes of dark circles",
                  "Dark circles arise from pigmentation, thin skin showing underlying vessels and"
                      + " shadows from hollows; topical products help only some of these causes,"
                      + " and modestly.",
                  "review,guide"),
              fact(
                  "Eye products are tested to suit the thinner, more sensitive eye area.",
                  "Ophthalmological testing of eye-area products",
                  "Products for the eye area are usually tested under ophthalmological"
                      + " supervision and formulated without strong fragrance, because the skin"
                      + " there is thinner and more reactive.",
                  "regulatory,guide")),
          topic(
              "body-dryness",
              "body moisturizers",
              "body",
              "urea,dryness,body lotion,rough skin,keratosis pilaris,humectant",
              "moderate",
              fact(
                  "Urea creams at 5–10% noticeably soften very dry, rough skin.",
                  "Urea-containing emollients in dry skin",
                  "Emollients with 5–10% urea improved scaling and roughness of dry skin more than"
                      + " urea-free controls over four weeks.",
                  "study,review,brand"),
              fact(
                  "Apply body lotion within minutes of showering to lock in moisture.",
                  "Timing of emollient application",
                  "Applying an emollient to skin that is still slightly damp after bathing helps"
                      + " trap water in the outer skin layer.",
                  "guide,brand"),
              fact(
                  "Higher-strength urea can sting on cracked or broken skin.",
                  "Tolerability of urea at higher concentrations",
                  "Urea at 10% or more can sting on cracked or inflamed skin; lower"
                      + " concentrations are better tolerated on the face and on sensitive skin.",
                  "review,guide")),
          topic(
              "deodorant",
              "deodorants",
              "body",
              "deodorant,antiperspirant,aluminum,aluminium-free,body odor",
              "moderate",
              fact(
                  "Deodorants control odor; only antiperspirants reduce sweating.",
                  "Deodorants versus antiperspirants",
                  "Deodorants reduce odour with antimicrobials and fragrance, while"
                      + " antiperspirants use aluminium salts to temporarily plug sweat ducts.",
                  "guide,review"),
              fact(
                  "Current evidence does not link aluminum antiperspirants to breast cancer.",
                  "Aluminium salts in antiperspirants: safety assessment",
                  "Safety assessments have found no established link between aluminium-based"
                      + " antiperspirants and breast cancer, and have set limits for aluminium"
                      + " exposure from cosmetics.",
                  "regulatory,review"),
              fact(
                  "Magnesium hydroxide is a gentler alternative to baking soda in natural"
                      + " deodorants.",
                  "Baking soda irritation in natural deodorants",
                  "Sodium bicarbonate is alkaline and can irritate underarm skin; magnesium"
                      + " hydroxide is used as a milder odour-neutralising alternative.",
                  "brand,guide")),
          topic(
              "self-tan",
              "self-tanners",
              "sun",
              "dihydroxyacetone,erythrulose,self-tanner,sunless tanning,sun protection",
              "well established",
              fact(
                  "Self-tanners color the skin's surface without any UV exposure.",
                  "How dihydroxyacetone produces a tan",
                  "Dihydroxyacetone reacts with amino acids in the outermost skin layer to form"
                      + " brown pigments; the colour fades as the skin sheds over five to seven"
                      + " days.",
                  "review,brand,guide"),
              fact(
                  "A self-tan does not protect against sunburn; sunscreen is still needed.",
                  "Self-tanners and UV protection",
                  "A DHA tan provides, at most, protection equivalent to about SPF 3 against UVA"
                      + " for a few hours and no meaningful UVB protection.",
                  "regulatory,guide"),
              fact(
                  "Erythrulose develops more slowly than DHA and helps the tan fade evenly.",
                  "Erythrulose in sunless tanning",
                  "Erythrulose reacts with skin proteins more slowly than dihydroxyacetone;"
                      + " combining the two gives a longer-lasting colour that fades more evenly.",
                  "review,brand")),
          topic(
              "after-sun",
              "after-sun care",
              "sun",
              "aloe vera,panthenol,after-sun,sunburn,soothing,dryness",
              "limited",
              fact(
                  "Aloe vera gels feel cooling and soothing on sun-exposed skin.",
                  "Aloe vera for sun-exposed skin",
                  "Aloe vera gel is widely used to soothe skin after sun exposure; evidence that"
                      + " it speeds healing of sunburn is mixed, but it is well tolerated.",
                  "review,brand"),
              fact(
                  "Panthenol supports skin recovery and hydration.",
                  "Dexpanthenol and skin barrier repair",
                  "Dexpanthenol improved skin hydration and reduced water loss in several small"
                      + " studies, and is common in after-sun and barrier products.",
                  "study,review"),
              fact(
                  "After-sun care soothes skin but does not undo UV damage; prevention matters"
                      + " most.",
                  "What after-sun products can and cannot do",
                  "After-sun products relieve dryness and discomfort but do not reverse DNA"
                      + " damage from UV; preventing sunburn with shade, clothing and sunscreen"
                      + " matters most.",
                  "guide,regulatory")),
          topic(
              "tranexamic",
              "tranexamic acid",
              "skin",
              "tranexamic acid,hyperpigmentation,melasma,dark spots,uneven tone",
              "early",
              fact(
                  "Topical tranexamic acid may lighten stubborn dark patches such as melasma.",
                  "Topical tranexamic acid in melasma",
                  "Topical tranexamic acid at 2–5% reduced melasma severity scores over 12 weeks"
                      + " in small trials, with fewer side effects than hydroquinone in one"
                      + " comparison.",
                  "study,review"),
              fact(
                  "Tranexamic acid pairs well with niacinamide for uneven tone.",
                  "Combining brightening actives",
                  "Formulas pairing tranexamic acid with niacinamide target different steps of"
                      + " pigment formation and transfer; combination use is common, though"
                      + " head-to-head data are limited.",
                  "review,brand,guide"),
              fact(
                  "Dark spots return without daily sun protection, whatever the treatment.",
                  "Sun protection during pigment treatment",
                  "UV and visible light drive pigment back; tinted sunscreens with iron oxides are"
                      + " often recommended alongside brightening treatments.",
                  "guide,review")),
          topic(
              "makeup",
              "complexion make-up",
              "makeup",
              "non-comedogenic,makeup,foundation,concealer,acne,oily skin,iron oxides",
              "moderate",
              fact(
                  "Non-comedogenic makeup is less likely to contribute to breakouts.",
                  "Cosmetics and acne flares",
                  "Heavy, occlusive makeup can contribute to acne cosmetica; choosing products"
                      + " labelled non-comedogenic and removing makeup every night is a common"
                      + " recommendation for acne-prone skin.",
                  "guide,review"),
              fact(
                  "Skincare actives in foundation add comfort but are not a treatment.",
                  "Skincare actives in complexion products",
                  "Complexion products increasingly include actives such as niacinamide and"
                      + " hyaluronic acid; at typical levels they add comfort and hydration but"
                      + " should not be counted on as a treatment.",
                  "review,brand"),
              fact(
                  "Tinted products with iron oxides help protect against visible light.",
                  "Iron oxides and visible light",
                  "Iron oxide pigments in tinted products attenuate visible light, which has been"
                      + " linked to worsening of melasma in darker skin types.",
                  "study,review")),
          topic(
              "mascara",
              "eye make-up",
              "makeup",
              "mascara,eye makeup,eye irritation,contact lenses,sensitive eyes,hygiene",
              "moderate",
              fact(
                  "Replace mascara about every three months to limit bacterial growth.",
                  "Contamination of eye cosmetics in use",
                  "Mascara and liquid eyeliner can become contaminated with bacteria during use;"
                      + " replacing them about every three months and never sharing them reduces"
                      + " the risk of eye infection.",
                  "guide,study,regulatory"),
              fact(
                  "Tubing mascaras come off with warm water and suit contact-lens wearers.",
                  "Tubing mascara and sensitive eyes",
                  "Tubing mascaras form polymer sleeves around lashes that slide off with warm"
                      + " water, leaving fewer flakes to irritate eyes or lodge under contact"
                      + " lenses.",
                  "guide,brand"),
              fact(
                  "Ophthalmologist-tested products have been assessed for eye irritation.",
                  "Eye irritation testing for cosmetics",
                  "Ophthalmologist-tested means use testing under supervision; it does not"
                      + " guarantee that no one will react, but screens out obviously"
                      + " irritating formulas.",
                  "regulatory,review")),
          topic(
              "oat",
              "colloidal oatmeal",
              "skin",
              "colloidal oatmeal,oat,itch,dryness,eczema,sensitive skin,skin protectant",
              "moderate",
              fact(
                  "Colloidal oatmeal is a recognized skin protectant for minor itch and"
                      + " irritation.",
                  "Colloidal oatmeal as a skin protectant",
                  "Colloidal oatmeal is recognised in US over-the-counter rules as a skin"
                      + " protectant for the temporary relief of minor skin irritation and"
                      + " itching.",
                  "regulatory,review,brand"),
              fact(
                  "Colloidal oatmeal creams eased dryness and itch in small clinical studies.",
                  "Colloidal oatmeal moisturizers in dry, itchy skin",
                  "Moisturizers with colloidal oatmeal improved dryness, scaling and itch over two"
                      + " to four weeks in small clinical studies, helped by oat's"
                      + " avenanthramides, lipids and starches.",
                  "study,review,guide"),
              fact(
                  "Oat is gentle for most people, though oat allergy is possible.",
                  "Tolerability of oat-based skincare",
                  "Oat-based products rarely irritate skin; people with a known oat allergy, and"
                      + " some children with atopic dermatitis, can become sensitised, so patch"
                      + " testing is sensible.",
                  "guide,regulatory")),
          topic(
              "green-tea",
              "green tea extract",
              "skin",
              "green tea,camellia sinensis,antioxidant,oily skin,sebum,redness",
              "early",
              fact(
                  "Green tea polyphenols have antioxidant and soothing activity in skin.",
                  "Green tea polyphenols in topical skincare",
                  "Epigallocatechin gallate and other green tea polyphenols showed antioxidant and"
                      + " anti-inflammatory effects in laboratory and small human studies; how"
                      + " much reaches living skin from a cosmetic is uncertain.",
                  "review,study,brand"),
              fact(
                  "A green tea emulsion reduced sebum output in a small eight-week study.",
                  "Topical green tea and sebum production",
                  "A 3% green tea emulsion applied twice daily reduced sebum secretion compared"
                      + " with placebo over eight weeks in a small group of volunteers.",
                  "study,review"),
              fact(
                  "Green tea extract can complement sunscreen but gives no SPF of its own.",
                  "Green tea extract and UV protection",
                  "Green tea polyphenols reduced some markers of UV damage in skin, but they do"
                      + " not filter UV and cannot replace sunscreen.",
                  "guide,review")),
          topic(
              "tea-tree",
              "tea tree oil",
              "hair",
              "tea tree oil,essential oils,acne,dandruff,scalp,irritation",
              "early",
              fact(
                  "Tea tree oil gel reduced acne lesions compared with placebo in a small trial.",
                  "Tea tree oil gel in mild to moderate acne",
                  "A 5% tea tree oil gel reduced total acne lesion counts and severity compared"
                      + " with placebo over 45 days in a small randomized trial.",
                  "study,review"),
              fact(
                  "Shampoo with 5% tea tree oil eased dandruff in a four-week trial.",
                  "Tea tree oil shampoo and dandruff",
                  "A shampoo containing 5% tea tree oil improved dandruff severity, itch and"
                      + " greasiness compared with placebo in a four-week randomized trial.",
                  "study,review,brand"),
              fact(
                  "Tea tree oil can irritate or sensitize skin, especially once oxidized.",
                  "Tea tree oil allergy and oxidation",
                  "Oxidised tea tree oil is a recognised cause of allergic contact dermatitis;"
                      + " products should be kept closed and away from light, and undiluted oil"
                      + " should not be applied to skin.",
                  "guide,regulatory")),
          topic(
              "lips",
              "lip care",
              "makeup",
              "lip balm,lipstick,shea butter,dry lips,spf,lips",
              "moderate",
              fact(
                  "Occlusive lip balms protect dry, chapped lips from further water loss.",
                  "The lip barrier and occlusive balms",
                  "Lips have a thin outer layer and no oil glands, so they lose water quickly;"
                      + " balms with waxes, butters or petrolatum reduce that loss.",
                  "review,guide,brand"),
              fact(
                  "Lips need sun protection too; choose a balm with SPF outdoors.",
                  "Lip sun protection",
                  "The lower lip is a common site of sun damage; lip balms with SPF 15 or higher,"
                      + " reapplied often, are recommended for time outdoors.",
                  "guide,regulatory"),
              fact(
                  "Flavors and fragrance in lip products can irritate sensitive lips.",
                  "Flavours and allergens in lip products",
                  "Flavours such as cinnamal and peppermint and fragrance components are"
                      + " recognised causes of lip dermatitis in sensitive people.",
                  "study,review")));

  // ---- Publishers (all invented) ---------------------------------------------------------------

  private record Publisher(String name, String domain, String path) {}

  private static final Map<String, List<Publisher>> PUBLISHERS = new LinkedHashMap<>();

  static {
    PUBLISHERS.put(
        "study",
        List.of(
            new Publisher(
                "Journal of Cosmetic Dermatology Research (fictional)", "jcdr.example", "articles"),
            new Publisher(
                "International Review of Skin Science (fictional)", "irss.example", "papers"),
            new Publisher(
                "Clinical & Experimental Cosmetology (fictional)", "cec-journal.example", "doi"),
            new Publisher(
                "Archives of Applied Dermal Science (fictional)", "aads.example", "articles")));
    PUBLISHERS.put(
        "study:hair",
        List.of(
            new Publisher("Trichology Research Letters (fictional)", "trl.example", "articles")));
    PUBLISHERS.put(
        "study:sun",
        List.of(
            new Publisher("Photoprotection Science Reports (fictional)", "psr.example", "papers")));
    PUBLISHERS.put(
        "review",
        List.of(
            new Publisher("Skin Barrier Review Quarterly (fictional)", "sbrq.example", "reviews"),
            new Publisher("Annals of Cosmetic Science (fictional)", "annals-cosci.example", "doi"),
            new Publisher(
                "The Formulation Review (fictional)", "formulation-review.example", "r")));
    PUBLISHERS.put(
        "guide",
        List.of(
            new Publisher("DermGuide Editorial (fictional)", "dermguide.example", "guides"),
            new Publisher(
                "Clear Answers Skin Clinic (fictional)", "clearanswers.example", "learn")));
    PUBLISHERS.put(
        "guide:hair",
        List.of(
            new Publisher(
                "Hair & Scalp Society Guides (fictional)", "hairscalp-society.example", "guides")));
    PUBLISHERS.put(
        "guide:sun",
        List.of(new Publisher("Sun Safety Council (fictional)", "sunsafety.example", "advice")));
    PUBLISHERS.put(
        "regulatory",
        List.of(
            new Publisher(
                "Cosmetic Ingredient Safety Panel (fictional)", "cisp.example", "opinions"),
            new Publisher(
                "EU Cosmetics Regulation Digest (fictional)", "eucosreg.example", "summaries"),
            new Publisher("Consumer Product Safety Notes (fictional)", "cpsn.example", "notes")));
    PUBLISHERS.put(
        "brand:skin",
        List.of(
            new Publisher("Lumen Lab Science Desk (brand content)", "lumen-lab.example", "science"),
            new Publisher("Verdelune Laboratoires (brand content)", "verdelune.example", "science"),
            new Publisher("Kumo Skin Research (brand content)", "kumo-skin.example", "research")));
    PUBLISHERS.put(
        "brand:hair",
        List.of(
            new Publisher(
                "Harbor & Tide Hair Lab (brand content)", "harbor-and-tide.example", "lab")));
    PUBLISHERS.put(
        "brand:sun",
        List.of(new Publisher("Sunline Sun Lab (brand content)", "sunline-brand.example", "lab")));
    PUBLISHERS.put(
        "brand:body",
        List.of(
            new Publisher(
                "Oatmilk & Honey Co. Journal (brand content)",
                "oatmilk-honey.example",
                "journal")));
    PUBLISHERS.put(
        "brand:fragrance",
        List.of(
            new Publisher("Cedar & Salt Notes (brand content)", "cedar-salt.example", "notes")));
    PUBLISHERS.put(
        "brand:makeup",
        List.of(
            new Publisher(
                "Velvet Atlas Studio Notes (brand content)", "velvet-atlas.example", "studio")));
  }

  private static final Map<String, List<String>> CAVEATS =
      Map.of(
          "study",
          List.of(
              "The study was small, so the size of the effect should be read with caution.",
              "Larger independent trials are needed to confirm the result.",
              "Participants were followed for a short period only.",
              "Outcomes were measured by instrument readings and investigator grading."),
          "review",
          List.of(
              "Most of the included trials were small and short.",
              "The authors rated the overall certainty of the evidence as moderate.",
              "Differences between studies limited pooled estimates."),
          "guide",
          List.of(
              "Patch-test new products and introduce one active at a time.",
              "See a dermatologist if irritation persists.",
              "This guide is general information, not medical advice."),
          "regulatory",
          List.of(
              "The opinion applies to cosmetic use at the stated concentrations.",
              "Limits and label wording differ between jurisdictions."),
          "brand",
          List.of(
              "This is brand-authored content, not independent evidence.",
              "Summarised by the brand from published literature; not peer reviewed."));

  private static final Map<String, List<String>> TITLE_FORMS =
      Map.of(
          "study",
          List.of(
              "%s: a randomized, vehicle-controlled trial",
              "%s: a split-face comparison",
              "%s: an open-label pilot study",
              "%s in adults: a controlled study"),
          "review",
          List.of("%s: a review of the evidence", "%s: a narrative review", "%s: what trials show"),
          "guide",
          List.of("%s: a practical guide", "Explainer: %s", "%s, explained"),
          "regulatory",
          List.of("Safety assessment: %s", "%s: regulatory summary", "Opinion: %s"),
          "brand",
          List.of("Formulation notes: %s", "From our lab: %s"));

  private final List<Citation> citations = new ArrayList<>();
  private final Map<String, Topic> topicsByKey = new LinkedHashMap<>();

  /** Builds every citation of the library; ids derive from topic, fact and kind. */
  Evidence() {
    for (Topic topic : TOPICS) {
      topicsByKey.put(topic.key(), topic);
      for (int f = 0; f < topic.facts().size(); f++) {
        Fact fact = topic.facts().get(f);
        for (String kind : fact.kinds()) {
          String key = "demo:citation:" + topic.key() + ":" + f + ":" + kind;
          Rng rng = new Rng(key);
          List<Publisher> publishers = PUBLISHERS.get(kind + ":" + topic.group());
          if (publishers == null
              || (kind.equals("study") || kind.equals("guide")) && rng.chance(0.4)) {
            publishers = PUBLISHERS.get(kind);
          }
          if (publishers == null) {
            publishers = PUBLISHERS.get("brand:skin");
          }
          Publisher publisher = rng.pick(publishers);
          String title = String.format(rng.pick(TITLE_FORMS.get(kind)), fact.headline());
          LocalDate published =
              LocalDate.of(rng.between(2014, 2025), rng.between(1, 12), rng.between(1, 28));
          String url =
              "https://"
                  + publisher.domain()
                  + "/"
                  + publisher.path()
                  + "/"
                  + published.getYear()
                  + "/"
                  + Ids.kebab(fact.headline())
                  + (kind.equals("study") || kind.equals("review") ? "" : "-" + kind);
          String excerpt = fact.excerpt() + " " + rng.pick(CAVEATS.get(kind));
          citations.add(
              new Citation(
                  Ids.id("cit", key),
                  kind,
                  title,
                  publisher.name(),
                  url,
                  published,
                  excerpt,
                  topic.topics(),
                  topic.key(),
                  f));
        }
      }
    }
  }

  List<Citation> citations() {
    return citations;
  }

  Topic topic(String key) {
    Topic t = topicsByKey.get(key);
    if (t == null) {
      throw new IllegalArgumentException("No evidence topic " + key);
    }
    return t;
  }

  /**
   * Claims for evidence references ({@code topic} or {@code topic:fact}), one per distinct fact, at
   * most {@code max}, in the order given.
   */
  List<Claim> claims(List<String> references, int max, Rng rng) {
    List<Claim> out = new ArrayList<>();
    List<String> usedFacts = new ArrayList<>();
    for (String ref : references) {
      if (out.size() >= max) {
        break;
      }
      int colon = ref.indexOf(':');
      String key = colon < 0 ? ref : ref.substring(0, colon);
      Topic topic = topic(key);
      int fact;
      if (colon >= 0) {
        fact = Integer.parseInt(ref.substring(colon + 1));
      } else {
        List<Integer> open = new ArrayList<>();
        for (int i = 0; i < topic.facts().size(); i++) {
          if (!usedFacts.contains(key + ":" + i)) {
            open.add(i);
          }
        }
        if (open.isEmpty()) {
          continue;
        }
        fact = rng.pick(open);
      }
      if (usedFacts.contains(key + ":" + fact)) {
        continue;
      }
      usedFacts.add(key + ":" + fact);
      List<Citation> sources = new ArrayList<>();
      for (Citation c : citations) {
        if (c.topicKey().equals(key) && c.fact() == fact) {
          sources.add(c);
        }
      }
      out.add(new Claim(topic.facts().get(fact).claim(), rng.pick(sources)));
    }
    return out;
  }
}
