package org.agentcommerce.database.generator;

import static org.agentcommerce.database.generator.Active.*;

/** The profiles (what a product does) of the shared vocabulary. */
final class Profiles {

  private Profiles() {}

  // ---- Skin care -----------------------------------------------------------------------------

  static final Profile CLARIFY =
      new Profile("clarify")
          .title("Niacinamide 10% + Zinc")
          .actives(NIACINAMIDE, ZINC_PCA)
          .with("with 10% niacinamide and zinc PCA")
          .benefit("helps balance oil and refine the look of pores")
          .concerns("acne", "enlarged pores", "oiliness")
          .skin("oily", "combination")
          .tags("oil-control", "non-comedogenic")
          .bestFor("oily, blemish-prone skin");
  static final Profile HYDRATE =
      new Profile("hydrate")
          .title("Hyaluronic Acid + B5")
          .actives(HYALURONIC, PANTHENOL)
          .with("with multi-weight hyaluronic acid and panthenol")
          .benefit("floods skin with lightweight hydration and plumps the look of fine lines")
          .concerns("dryness", "dehydration", "fine lines")
          .skin("all")
          .tags("hydrating")
          .bestFor("dry or dehydrated skin");
  static final Profile BRIGHTEN =
      new Profile("brighten")
          .title("Vitamin C 15% Brightening")
          .actives(VITAMIN_C, VITAMIN_E)
          .with("with 15% pure vitamin C and vitamin E")
          .benefit("brightens a dull complexion and fades the look of dark spots over time")
          .concerns("dullness", "hyperpigmentation", "uneven tone")
          .skin("normal", "combination", "dry")
          .tags("brightening", "antioxidant")
          .note("store it away from light and heat")
          .bestFor("dull, uneven-looking skin");
  static final Profile RETINOL_NIGHT =
      new Profile("retinol")
          .title("Retinol 0.3% Renewal")
          .actives(RETINOL, SQUALANE)
          .with("with 0.3% encapsulated retinol cushioned in squalane")
          .benefit("smooths texture and softens the look of fine lines overnight")
          .concerns("fine lines", "texture", "uneven tone")
          .skin("normal", "combination", "oily")
          .tags("anti-aging", "night-use", "not-for-pregnancy")
          .usage(
              "Use in the evening only, starting two or three nights a week and building up as"
                  + " your skin adjusts; wear {sunscreen} during the day")
          .bestFor("normal to combination skin");
  static final Profile RETINAL_NIGHT =
      new Profile("retinal")
          .title("Retinal 0.1% Night")
          .actives(RETINAL, CERAMIDES)
          .with("with 0.1% retinal and skin-identical ceramides")
          .benefit("works faster than retinol on texture, breakouts and fine lines")
          .concerns("fine lines", "texture", "acne")
          .skin("normal", "combination", "oily")
          .tags("anti-aging", "night-use", "not-for-pregnancy")
          .usage(
              "Use at night on dry skin two or three times a week at first, then nightly if"
                  + " comfortable; always wear {sunscreen} the next day")
          .bestFor("retinoid-experienced skin");
  static final Profile BAKUCHIOL_SMOOTH =
      new Profile("bakuchiol")
          .title("Bakuchiol Smoothing")
          .actives(BAKUCHIOL, SQUALANE)
          .with("with 1% plant-derived bakuchiol and squalane")
          .benefit("smooths and firms the look of skin without the sting of retinol")
          .concerns("fine lines", "firmness", "sensitivity")
          .skin("sensitive", "dry", "normal")
          .tags("retinol-free", "anti-aging")
          .bestFor("retinoid-sensitive skin");
  static final Profile BARRIER =
      new Profile("barrier")
          .title("Ceramide Barrier Repair")
          .actives(CERAMIDES, SQUALANE)
          .with("with three skin-identical ceramides, cholesterol and squalane")
          .benefit("replenishes a stressed skin barrier and locks in moisture")
          .concerns("dryness", "sensitivity", "redness")
          .skin("dry", "sensitive")
          .tags("barrier-repair")
          .fragranceFree()
          .bestFor("dry, sensitive or over-exfoliated skin");
  static final Profile CALM =
      new Profile("calm")
          .title("Cica Calming")
          .actives(CENTELLA, PANTHENOL)
          .with("with centella asiatica, madecassoside and panthenol")
          .benefit("calms visible redness and comforts reactive skin")
          .concerns("redness", "sensitivity", "irritation")
          .skin("sensitive", "combination")
          .tags("soothing")
          .bestFor("reactive, easily irritated skin");
  static final Profile AZELAIC_TONE =
      new Profile("azelaic")
          .title("Azelaic Acid 10%")
          .actives(AZELAIC, NIACINAMIDE)
          .with("with 10% azelaic acid and niacinamide")
          .benefit("calms redness and evens out post-blemish marks")
          .concerns("redness", "acne", "hyperpigmentation")
          .skin("sensitive", "combination", "oily")
          .tags("non-comedogenic")
          .bestFor("redness-prone skin");
  static final Profile BHA =
      new Profile("bha")
          .title("Salicylic Acid 2% BHA")
          .actives(SALICYLIC, GREEN_TEA)
          .with("with 2% salicylic acid and green tea")
          .benefit("clears out blackheads and keeps pores unclogged")
          .concerns("acne", "blackheads", "enlarged pores")
          .skin("oily", "combination")
          .tags("exfoliating", "non-comedogenic")
          .bestFor("oily, congested skin");
  static final Profile AHA =
      new Profile("aha")
          .title("Glycolic 7% + Lactic")
          .actives(GLYCOLIC, LACTIC)
          .with("with 7% glycolic acid and lactic acid")
          .benefit("resurfaces rough texture for smoother, brighter-looking skin")
          .concerns("dullness", "texture", "uneven tone")
          .skin("normal", "combination", "oily")
          .tags("exfoliating")
          .note("wear {sunscreen} every day while using acids")
          .bestFor("dull, rough-textured skin");
  static final Profile PEPTIDE =
      new Profile("peptide")
          .title("Multi-Peptide Firming")
          .actives(PEPTIDES, HYALURONIC)
          .with("with a complex of five signal peptides and hyaluronic acid")
          .benefit("firms and smooths the look of fine lines")
          .concerns("fine lines", "firmness")
          .skin("normal", "dry")
          .tags("anti-aging")
          .bestFor("mature skin");
  static final Profile DARK_SPOT =
      new Profile("tranexamic")
          .title("Tranexamic 3% Dark Spot")
          .actives(TRANEXAMIC, NIACINAMIDE)
          .with("with 3% tranexamic acid and niacinamide")
          .benefit("targets stubborn dark spots and uneven tone")
          .concerns("hyperpigmentation", "dark spots", "uneven tone")
          .skin("all")
          .tags("brightening")
          .evidence("tranexamic:2")
          .bestFor("pigment-prone skin");
  static final Profile SQUALANE_COMFORT =
      new Profile("squalane")
          .title("Squalane Comfort")
          .actives(SQUALANE, VITAMIN_E)
          .with("with plant-derived squalane and vitamin E")
          .benefit("softens and smooths without a greasy finish")
          .concerns("dryness", "dullness")
          .skin("dry", "normal", "sensitive")
          .tags("non-comedogenic")
          .bestFor("dry, tight-feeling skin");
  static final Profile RICE =
      new Profile("rice")
          .title("Rice Ferment Glow")
          .actives(RICE_FERMENT, NIACINAMIDE)
          .with("with fermented rice water and niacinamide")
          .benefit("leaves skin soft, bouncy and luminous")
          .concerns("dullness", "dryness", "uneven tone")
          .skin("normal", "dry", "combination")
          .tags("brightening", "hydrating")
          .bestFor("dull, dehydrated skin");
  static final Profile GREEN_TEA_BALANCE =
      new Profile("green-tea")
          .title("Green Tea Balancing")
          .actives(GREEN_TEA, ZINC_PCA)
          .with("with green tea leaf extract and zinc PCA")
          .benefit("keeps shine in check and refreshes tired-looking skin")
          .concerns("oiliness", "redness")
          .skin("oily", "combination")
          .tags("oil-control")
          .bestFor("shiny combination skin");
  static final Profile CLOUDBERRY_GLOW =
      new Profile("cloudberry")
          .title("Cloudberry Antioxidant")
          .actives(CLOUDBERRY, VITAMIN_E)
          .with("with cold-pressed Nordic cloudberry seed oil and vitamin E")
          .benefit("nourishes and revives skin that feels tired from cold, dry air")
          .concerns("dullness", "dryness")
          .skin("dry", "normal")
          .tags("antioxidant", "nordic")
          .bestFor("weather-stressed dry skin");
  static final Profile SEA_BUCKTHORN_NOURISH =
      new Profile("sea-buckthorn")
          .title("Sea Buckthorn Nourishing")
          .actives(SEA_BUCKTHORN, SQUALANE)
          .with("with sea buckthorn oil and squalane")
          .benefit("restores comfort and a healthy glow to parched skin")
          .concerns("dryness", "dullness")
          .skin("dry", "normal")
          .tags("nourishing", "nordic")
          .bestFor("parched, dull-looking skin");
  static final Profile MARINE =
      new Profile("marine")
          .title("Marine Algae Hydrating")
          .actives(ALGAE, HYALURONIC)
          .with("with Atlantic kelp extract and hyaluronic acid")
          .benefit("rehydrates and revives skin that feels tight")
          .concerns("dryness", "dehydration", "dullness")
          .skin("all")
          .tags("hydrating")
          .bestFor("tight, dehydrated skin");
  static final Profile EYE_DEPUFF =
      new Profile("caffeine")
          .title("Caffeine 5% Depuffing")
          .actives(CAFFEINE, PEPTIDES)
          .with("with 5% caffeine and peptides")
          .benefit("reduces the look of morning puffiness and dark circles")
          .concerns("dark circles", "puffiness")
          .skin("all")
          .tags("ophthalmologist-tested")
          .evidence("caffeine:1", "caffeine:2")
          .bestFor("a tired, puffy-looking eye area");
  static final Profile OAT_SOOTHE =
      new Profile("oat")
          .title("Colloidal Oat Soothing")
          .actives(OAT, CERAMIDES)
          .with("with colloidal oatmeal and ceramides")
          .benefit("relieves dryness and itch and strengthens the skin barrier")
          .concerns("dryness", "itchiness", "sensitivity")
          .skin("dry", "sensitive")
          .tags("soothing")
          .fragranceFree()
          .bestFor("itchy, easily irritated skin");

  // ---- Make-up -------------------------------------------------------------------------------

  static final Profile FDN_DEWY =
      new Profile("fdn-dewy")
          .title("Hydrating Serum")
          .actives(HYALURONIC, SQUALANE)
          .with("with hyaluronic acid and squalane")
          .benefit("gives light, buildable coverage with a natural, dewy finish")
          .concerns("uneven tone", "dryness")
          .skin("dry", "normal")
          .tags("hydrating")
          .bestFor("dry or normal skin");
  static final Profile FDN_MATTE =
      new Profile("fdn-matte")
          .title("Soft Matte")
          .actives(NIACINAMIDE)
          .with("with niacinamide and oil-absorbing powders")
          .benefit("controls shine for hours with a soft-focus matte finish")
          .concerns("oiliness", "uneven tone", "enlarged pores")
          .skin("oily", "combination")
          .tags("non-comedogenic", "oil-free", "long-wear")
          .evidence("makeup:0")
          .bestFor("oily and combination skin");
  static final Profile FDN_TINT =
      new Profile("fdn-tint")
          .title("Skin Tint")
          .suffix("SPF 30")
          .actives(ZINC_OXIDE, HYALURONIC)
          .with("with mineral zinc oxide and hyaluronic acid")
          .benefit("evens tone with sheer coverage and daily mineral protection in one step")
          .concerns("uneven tone", "sun protection")
          .skin("all")
          .tags("spf", "mineral")
          .evidence("makeup:1")
          .bestFor("fairly even-toned skin");
  static final Profile CONCEAL_BRIGHT =
      new Profile("conceal-bright")
          .title("Brightening")
          .actives(CAFFEINE, NIACINAMIDE)
          .with("with caffeine and niacinamide")
          .benefit("covers dark circles and blemishes without creasing")
          .concerns("dark circles", "uneven tone")
          .skin("all")
          .evidence("caffeine:1")
          .bestFor("a shadowy under-eye area");
  static final Profile MASCARA_LENGTH =
      new Profile("mascara-length")
          .title("Lengthening")
          .actives(PANTHENOL)
          .with("with a fine-{fiber} brush and panthenol")
          .benefit("separates and lengthens every lash without clumps")
          .concerns("short lashes")
          .skin("sensitive")
          .tags("ophthalmologist-tested")
          .bestFor("straight lashes");
  static final Profile MASCARA_TUBING =
      new Profile("mascara-tubing")
          .title("Tubing")
          .actives(PANTHENOL)
          .with("with a tubing formula and panthenol")
          .benefit("wraps lashes in flake-free tubes that slide off with warm water")
          .concerns("smudging")
          .skin("sensitive")
          .tags("tubing", "contact-lens-friendly", "ophthalmologist-tested")
          .evidence("mascara:1")
          .bestFor("watery or sensitive eyes");
  static final Profile MASCARA_VOLUME =
      new Profile("mascara-volume")
          .title("{Volumizing}")
          .actives(PANTHENOL, JOJOBA)
          .with("with conditioning jojoba oil and panthenol")
          .benefit("builds bold, full-looking lashes in two coats")
          .concerns("thin lashes")
          .skin("all")
          .bestFor("fine, sparse lashes");
  static final Profile LIP_SATIN =
      new Profile("lip-satin")
          .title("Satin")
          .actives(SHEA, VITAMIN_E)
          .with("with shea butter and vitamin E")
          .benefit("glides on with creamy, comfortable {color}")
          .concerns("dry lips")
          .skin("all")
          .bestFor("dry lips");
  static final Profile LIP_MATTE =
      new Profile("lip-matte")
          .title("Velvet Matte")
          .actives(JOJOBA, VITAMIN_E)
          .with("with jojoba oil and vitamin E")
          .benefit("sets to a soft, transfer-resistant matte that doesn't dry lips out")
          .concerns("long wear")
          .skin("all")
          .tags("long-wear")
          .bestFor("low-maintenance lips");
  static final Profile BALM_TINT =
      new Profile("balm-tint")
          .title("Tinted")
          .actives(SHEA, SQUALANE)
          .with("with shea butter and squalane")
          .benefit("softens dry lips with a sheer wash of {color}")
          .concerns("dry lips")
          .skin("all")
          .tags("hydrating")
          .bestFor("dry, chapped lips");
  static final Profile BALM_SPF =
      new Profile("balm-spf")
          .title("Lip Shield")
          .suffix("SPF 15")
          .actives(ZINC_OXIDE, SHEA)
          .with("with zinc oxide and shea butter")
          .benefit("protects and softens lips outdoors")
          .concerns("dry lips", "sun protection")
          .skin("all")
          .tags("spf", "mineral")
          .evidence("lips:1")
          .bestFor("sun-exposed lips");
  static final Profile BLUSH_CREAM =
      new Profile("blush-cream")
          .title("Cream")
          .actives(SQUALANE)
          .with("with squalane")
          .benefit("melts into skin for a natural flush of {color}")
          .concerns("dullness")
          .skin("dry", "normal")
          .bestFor("dry or normal skin");
  static final Profile BLUSH_POWDER =
      new Profile("blush-powder")
          .title("Soft Focus Powder")
          .actives(VITAMIN_E)
          .with("with finely milled pigments and vitamin E")
          .benefit("blends into a soft, diffused {color} that lasts all day")
          .concerns("dullness")
          .skin("oily", "combination", "normal")
          .tags("long-wear")
          .bestFor("oily and combination skin");

  // ---- Hair ----------------------------------------------------------------------------------

  static final Profile HAIR_MOISTURE =
      new Profile("hair-moisture")
          .title("Argan Moisture")
          .actives(ARGAN, PANTHENOL)
          .with("with argan oil and panthenol")
          .benefit("softens dry lengths and tames frizz")
          .concerns("dryness", "frizz")
          .tags("sulfate-free")
          .evidence("frizz:2")
          .bestFor("dry, frizz-prone hair");
  static final Profile HAIR_COLOUR =
      new Profile("hair-colour")
          .title("{Color}-Protect")
          .actives(SUNFLOWER, VITAMIN_E)
          .with("with sunflower seed oil and vitamin E")
          .benefit("helps {color}-treated hair hold its shine and tone between salon visits")
          .concerns("color fading", "dryness")
          .tags("sulfate-free", "color-safe")
          .note("rinse in cool water to keep {color} vibrant")
          .bestFor("{color}-treated hair");
  static final Profile HAIR_DANDRUFF =
      new Profile("hair-dandruff")
          .title("Anti-Dandruff")
          .actives(PIROCTONE, SALICYLIC_SCALP)
          .with("with 1% piroctone olamine and salicylic acid")
          .benefit("clears visible flakes and soothes an itchy scalp")
          .concerns("dandruff", "itchy scalp", "flaking")
          .skin("oily", "sensitive")
          .note("leave on the scalp for three minutes before rinsing")
          .bestFor("a flaky, itchy scalp");
  static final Profile HAIR_CURL =
      new Profile("hair-curl")
          .title("Curl Defining")
          .actives(SHEA_HAIR, FLAXSEED)
          .with("with shea butter and flaxseed")
          .benefit("defines curls and coils and keeps them soft and frizz-free")
          .concerns("frizz", "curl definition", "dryness")
          .tags("sulfate-free", "silicone-free")
          .bestFor("curly and coily hair");
  static final Profile HAIR_REPAIR =
      new Profile("hair-repair")
          .title("Bond Repair")
          .actives(KERATIN, PANTHENOL)
          .with("with keratin protein and panthenol")
          .benefit("strengthens bleached and heat-styled hair and reduces breakage")
          .concerns("breakage", "split ends", "damage")
          .tags("sulfate-free")
          .bestFor("damaged, bleached or heat-styled hair");
  static final Profile HAIR_VOLUME =
      new Profile("hair-volume")
          .title("{Volumizing} Rice Protein")
          .actives(RICE_PROTEIN, BIOTIN)
          .with("with rice protein and biotin")
          .benefit("lifts flat roots and adds body without weighing hair down")
          .concerns("flat hair", "fine hair")
          .tags("lightweight")
          .bestFor("fine, flat hair");
  static final Profile HAIR_CAMELLIA =
      new Profile("hair-camellia")
          .title("Camellia Shine")
          .actives(CAMELLIA_OIL, RICE_PROTEIN)
          .with("with camellia seed oil and rice protein")
          .benefit("smooths the cuticle for glossy, frizz-free lengths")
          .concerns("frizz", "dullness")
          .bestFor("dull, frizzy hair");
  static final Profile HAIR_TEA_TREE =
      new Profile("hair-tea-tree")
          .title("Tea Tree Scalp Balance")
          .actives(TEA_TREE, SALICYLIC_SCALP)
          .with("with tea tree oil and salicylic acid")
          .benefit("purifies an oily scalp and lifts build-up")
          .concerns("oily scalp", "dandruff")
          .skin("oily")
          .essentialOil()
          .evidence("tea-tree:2")
          .bestFor("an oily, congested scalp");

  // ---- Fragrance (scent families) --------------------------------------------------------------

  static final Profile WOODY =
      new Profile("woody")
          .with("with notes of bergamot, cedarwood and vetiver")
          .benefit("dries down warm, dry and quietly smoky");
  static final Profile FLORAL =
      new Profile("floral")
          .with("with notes of rose, peony and white musk")
          .benefit("blooms into a soft, powdery floral");
  static final Profile CITRUS =
      new Profile("citrus")
          .with("with notes of bergamot, neroli and petitgrain")
          .benefit("opens bright and sparkling and settles on clean musk");
  static final Profile AMBER =
      new Profile("amber")
          .with("with notes of amber, vanilla and labdanum")
          .benefit("wraps the skin in a warm, resinous glow");
  static final Profile AQUATIC =
      new Profile("aquatic")
          .with("with notes of sea salt, driftwood and ambrette")
          .benefit("evokes a windswept coastline");
  static final Profile GOURMAND =
      new Profile("gourmand")
          .with("with notes of fig, tonka bean and sandalwood")
          .benefit("feels creamy, sweet and comforting");
  static final Profile GREEN =
      new Profile("green")
          .with("with notes of fig leaf, galbanum and vetiver")
          .benefit("smells of crushed leaves and cool shade");
  static final Profile LEATHER =
      new Profile("leather")
          .with("with notes of suede, iris and saffron")
          .benefit("is smooth, elegant and a little mysterious");

  // ---- Body ----------------------------------------------------------------------------------

  static final Profile BODY_UREA =
      new Profile("body-urea")
          .title("Urea 10% Smoothing")
          .actives(UREA, LACTIC)
          .with("with 10% urea and lactic acid")
          .benefit("softens rough, flaky patches and keeps very dry skin comfortable")
          .concerns("dryness", "rough texture")
          .skin("dry", "normal")
          .bestFor("very dry, rough skin");
  static final Profile BODY_CERAMIDE =
      new Profile("body-ceramide")
          .title("Ceramide Daily")
          .actives(CERAMIDES, NIACINAMIDE)
          .with("with ceramides and niacinamide")
          .benefit("restores the skin barrier and keeps skin comfortable for 24 hours")
          .concerns("dryness", "sensitivity")
          .skin("dry", "sensitive")
          .fragranceFree()
          .bestFor("dry, sensitive skin");
  static final Profile BODY_OAT =
      new Profile("body-oat")
          .title("Colloidal Oat")
          .actives(OAT, SHEA)
          .with("with colloidal oatmeal and shea butter")
          .benefit("relieves dry, itchy skin and calms the urge to scratch")
          .concerns("dryness", "itchiness", "sensitivity")
          .skin("dry", "sensitive")
          .fragranceFree()
          .bestFor("itchy, easily irritated skin");
  static final Profile BODY_SHEA =
      new Profile("body-shea")
          .title("Shea & Cocoa Butter")
          .actives(SHEA, COCOA)
          .with("with shea and cocoa butters")
          .benefit("melts into dry skin and leaves it soft and supple")
          .concerns("dryness")
          .skin("dry", "normal")
          .evidence("curl:1")
          .bestFor("dry, dull-feeling skin");
  static final Profile BODY_AHA =
      new Profile("body-aha")
          .title("Glycolic Smoothing")
          .actives(GLYCOLIC, LACTIC)
          .with("with glycolic and lactic acids")
          .benefit("smooths bumpy, rough skin on arms and legs")
          .concerns("rough texture", "dullness")
          .skin("normal", "oily", "dry")
          .tags("exfoliating")
          .note("use {sunscreen} on exposed areas")
          .bestFor("rough, bumpy skin");
  static final Profile BODY_BHA =
      new Profile("body-bha")
          .title("Salicylic Clarifying")
          .actives(SALICYLIC, ZINC_PCA)
          .with("with salicylic acid and zinc PCA")
          .benefit("helps clear and prevent breakouts on the back and chest")
          .concerns("acne", "body breakouts")
          .skin("oily", "combination")
          .tags("non-comedogenic")
          .bestFor("breakout-prone body skin");
  static final Profile BODY_DRY_OIL =
      new Profile("body-dry-oil")
          .title("Silk Dry")
          .actives(JOJOBA, ROSEHIP, VITAMIN_E)
          .with("with jojoba, rosehip oil and vitamin E")
          .benefit("absorbs in seconds and leaves a satin glow")
          .concerns("dryness", "dullness")
          .skin("all")
          .bestFor("dry skin");
  static final Profile BODY_COFFEE =
      new Profile("body-coffee")
          .title("Coffee Polish")
          .actives(COFFEE, SHEA)
          .with("with fine coffee grounds and shea butter")
          .benefit("buffs away dull, flaky skin and leaves it soft")
          .concerns("rough texture", "dullness")
          .skin("normal", "dry", "oily")
          .bestFor("dull, rough-feeling skin");
  static final Profile BODY_SALT =
      new Profile("body-salt")
          .title("Sea Salt")
          .actives(SEA_SALT, JOJOBA)
          .with("with mineral-rich sea salt and jojoba oil")
          .benefit("polishes rough skin and leaves a light, nourishing veil")
          .concerns("rough texture", "dryness")
          .skin("normal", "dry")
          .bestFor("rough, dry skin");
  static final Profile DEO_MAGNESIUM =
      new Profile("deo-magnesium")
          .title("{Aluminum}-Free Magnesium")
          .actives(MAGNESIUM, SHEA)
          .with("with magnesium hydroxide and shea butter")
          .benefit("keeps {odor} in check all day without {aluminum} salts or baking soda")
          .concerns("body odor")
          .skin("sensitive", "normal")
          .tags("aluminum-free", "baking-soda-free")
          .evidence("deodorant:0")
          .bestFor("sensitive underarms");
  static final Profile DEO_FRESH =
      new Profile("deo-fresh")
          .title("48H Fresh")
          .actives(ZINC_RICINOLEATE)
          .with("with zinc ricinoleate")
          .benefit("tackles {odor} for up to 48 hours")
          .concerns("body odor")
          .skin("normal")
          .tags("aluminum-free")
          .evidence("deodorant:1")
          .bestFor("active underarms");

  // ---- Sun -----------------------------------------------------------------------------------

  static final Profile SUN_MINERAL_30 =
      new Profile("sun-mineral-30")
          .title("Sheer Mineral")
          .suffix("SPF 30")
          .actives(ZINC_OXIDE)
          .with("with 20% non-nano zinc oxide")
          .benefit("gives broad-spectrum protection with a soft, sheer finish")
          .concerns("sun protection", "sensitivity")
          .skin("sensitive", "dry", "normal")
          .tags("mineral", "broad-spectrum", "spf-30")
          .bestFor("sensitive or reactive skin");
  static final Profile SUN_MINERAL_50 =
      new Profile("sun-mineral-50")
          .title("Mineral")
          .suffix("SPF 50")
          .actives(ZINC_OXIDE, TITANIUM_DIOXIDE)
          .with("with zinc oxide and titanium dioxide")
          .benefit("gives high broad-spectrum protection for long days outdoors")
          .concerns("sun protection")
          .skin("sensitive", "normal", "dry")
          .tags("mineral", "broad-spectrum", "spf-50")
          .bestFor("sensitive, sun-exposed skin");
  static final Profile SUN_TINTED =
      new Profile("sun-tinted")
          .title("Tinted Mineral")
          .suffix("SPF 30")
          .actives(ZINC_OXIDE, IRON_OXIDES)
          .with("with zinc oxide and iron oxides")
          .benefit("evens tone with a sheer tint while protecting from UV and visible light")
          .concerns("sun protection", "uneven tone", "hyperpigmentation")
          .skin("all")
          .tags("mineral", "tinted", "broad-spectrum", "spf-30")
          .evidence("tranexamic:2")
          .bestFor("pigment-prone skin");
  static final Profile SUN_US_GEL =
      new Profile("sun-us-gel")
          .title("Invisible Gel")
          .suffix("SPF 50")
          .actives(AVOBENZONE, HOMOSALATE, OCTOCRYLENE)
          .with("with avobenzone, homosalate and octocrylene")
          .benefit("dries down clear with no white cast on any skin tone")
          .concerns("sun protection")
          .skin("oily", "combination", "normal")
          .tags("chemical-filters", "broad-spectrum", "spf-50")
          .regions("US")
          .alcohol()
          .bestFor("oily or deeper-toned skin");
  static final Profile SUN_US_LOTION =
      new Profile("sun-us-lotion")
          .title("Sheer Daily")
          .suffix("SPF 30")
          .actives(AVOBENZONE, OCTISALATE, OCTOCRYLENE)
          .with("with avobenzone, octisalate and octocrylene")
          .benefit("absorbs fast and wears comfortably under makeup")
          .concerns("sun protection")
          .skin("normal", "combination", "dry")
          .tags("chemical-filters", "broad-spectrum", "spf-30")
          .regions("US")
          .bestFor("normal to dry skin");
  static final Profile SUN_EU_FLUID =
      new Profile("sun-eu-fluid")
          .title("Ultra-Light Fluid")
          .suffix("SPF 50+")
          .actives(BEMOTRIZINOL, ETHYLHEXYL_TRIAZONE)
          .with("with photostable bemotrizinol and ethylhexyl triazone filters")
          .benefit("gives very high UVA and UVB protection in a fluid that disappears on skin")
          .concerns("sun protection", "hyperpigmentation")
          .skin("all")
          .tags("broad-spectrum", "spf-50")
          .regions("EU", "JP")
          .bestFor("all skin types");
  static final Profile SUN_JP_GEL =
      new Profile("sun-jp-gel")
          .title("UV Aqua Gel")
          .suffix("SPF 50+ PA++++")
          .actives(OCTINOXATE, BEMOTRIZINOL, HYALURONIC)
          .with("with modern UV filters and hyaluronic acid")
          .benefit("feels like a watery gel and dries to a clean, shine-free finish")
          .concerns("sun protection")
          .skin("oily", "combination", "normal")
          .tags("broad-spectrum", "spf-50", "lightweight")
          .regions("JP")
          .alcohol()
          .bestFor("shine-prone skin");
  static final Profile AFTER_SUN =
      new Profile("after-sun")
          .title("Aloe Cooling")
          .actives(ALOE, PANTHENOL)
          .with("with aloe vera and panthenol")
          .benefit("cools and comforts skin after a day in the sun")
          .concerns("sunburn", "dryness")
          .skin("all")
          .tags("soothing")
          .bestFor("sun-stressed skin");
  static final Profile SELF_TAN =
      new Profile("self-tan")
          .title("Gradual Glow")
          .actives(DHA, ERYTHRULOSE, HYALURONIC)
          .with("with dihydroxyacetone, erythrulose and hyaluronic acid")
          .benefit("builds a natural-looking, streak-free tan over four to six hours")
          .concerns("uneven tone", "sunless tanning")
          .skin("all")
          .tags("sunless-tan")
          .note("a self-tan is not sun protection, so keep using {sunscreen}")
          .bestFor("fair to medium skin");
}
