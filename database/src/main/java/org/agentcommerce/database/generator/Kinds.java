package org.agentcommerce.database.generator;

import static org.agentcommerce.database.generator.Profiles.*;

/** The product kinds (types) of the shared vocabulary. */
final class Kinds {

  private Kinds() {}

  private static final String WATER = "Aqua (Water)";
  private static final String PRESERVE = "Phenoxyethanol, Ethylhexylglycerin";

  // ---- Skin care -----------------------------------------------------------------------------

  static final Kind SERUM =
      new Kind("Serum", Category.SKINCARE, "SER")
          .noun("Serum")
          .sizes("15 ml:0.62", "30 ml:1.0", "50 ml:1.45", "100 ml:2.3")
          .price(2800)
          .textures("lightweight", "silky", "water-light", "fast-absorbing")
          .usage(
              "Smooth two or three drops over clean skin morning and evening, then follow with"
                  + " your {moisturizer}")
          .inci(
              WATER + ", Glycerin, Propanediol",
              "Pentylene Glycol, Xanthan Gum, Sodium Citrate, Citric Acid, " + PRESERVE)
          .profiles(
              CLARIFY,
              HYDRATE,
              BRIGHTEN,
              RETINOL_NIGHT,
              RETINAL_NIGHT,
              BAKUCHIOL_SMOOTH,
              CALM,
              AZELAIC_TONE,
              PEPTIDE,
              DARK_SPOT,
              RICE,
              CLOUDBERRY_GLOW,
              MARINE,
              BHA);
  static final Kind MOISTURIZER =
      new Kind("Moisturizer", Category.SKINCARE, "MOI")
          .noun("Moisturizer", "Moisturiser")
          .sizes("15 ml:0.45", "50 ml:1.0", "75 ml:1.35", "100 ml:1.7")
          .price(3200)
          .textures("gel-cream", "rich", "lightweight", "whipped", "cushiony")
          .usage(
              "Massage over face and neck morning and evening as the last step of your routine,"
                  + " before {sunscreen} in the daytime")
          .inci(
              WATER + ", Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol",
              "Cetearyl Glucoside, Butylene Glycol, Carbomer, Sodium Hydroxide, " + PRESERVE)
          .activesAt(3)
          .profiles(
              HYDRATE,
              BARRIER,
              CALM,
              PEPTIDE,
              RETINOL_NIGHT,
              BAKUCHIOL_SMOOTH,
              OAT_SOOTHE,
              GREEN_TEA_BALANCE,
              MARINE,
              SEA_BUCKTHORN_NOURISH,
              CLARIFY,
              RICE,
              CLOUDBERRY_GLOW);
  static final Kind CLEANSER =
      new Kind("Cleanser", Category.SKINCARE, "CLN")
          .noun("Cleanser")
          .sizes("50 ml:0.45", "150 ml:1.0", "250 ml:1.45", "400 ml:2.0")
          .price(1800)
          .textures("gel|Gel", "creamy|Cream", "foaming|Foaming", "low-foam", "jelly|Jelly")
          .usage(
              "Massage onto damp skin for 30 seconds, rinse with lukewarm water and follow with"
                  + " your {moisturizer}")
          .inci(
              WATER + ", Glycerin, Cocamidopropyl Betaine, Sodium Cocoyl Glycinate",
              "Coco-Glucoside, Sodium Chloride, Citric Acid, Sodium Benzoate, Potassium Sorbate")
          .activesAt(3)
          .tags("sulfate-free")
          .profiles(BHA, AHA, BARRIER, CALM, OAT_SOOTHE, GREEN_TEA_BALANCE, RICE, HYDRATE);
  static final Kind MICELLAR =
      new Kind("Cleanser", Category.SKINCARE, "MIC")
          .noun("Micellar Water")
          .sizes("100 ml:0.5", "250 ml:1.0", "500 ml:1.6")
          .price(1600)
          .textures("gentle", "no-rinse")
          .usage(
              "Soak a cotton pad and sweep it over face, eyes and lips until the pad comes away"
                  + " clean; no need to rinse")
          .inci(
              WATER + ", Glycerin, Poloxamer 184",
              "Disodium EDTA, Sodium Citrate, Citric Acid, " + PRESERVE)
          .profiles(CALM, HYDRATE, OAT_SOOTHE, GREEN_TEA_BALANCE);
  static final Kind TONER =
      new Kind("Toner", Category.SKINCARE, "TON")
          .noun("Toner")
          .sizes("100 ml:0.8", "150 ml:1.0", "200 ml:1.25", "400 ml:1.9")
          .price(2000)
          .textures("watery", "milky", "fresh", "lightweight")
          .usage(
              "Sweep over clean skin with a cotton pad or press in with your hands before serum"
                  + " and {moisturizer}")
          .inci(WATER + ", Butylene Glycol, Glycerin", "Allantoin, Citric Acid, " + PRESERVE)
          .profiles(AHA, BHA, HYDRATE, CALM, RICE, GREEN_TEA_BALANCE, CLARIFY);
  static final Kind ESSENCE =
      new Kind("Essence", Category.SKINCARE, "ESS")
          .noun("Essence")
          .sizes("30 ml:0.5", "100 ml:1.0", "150 ml:1.35")
          .price(3000)
          .textures("watery", "bouncy", "milky", "silky")
          .usage(
              "Pat into clean skin after cleansing, before serums and {moisturizer}; layer twice"
                  + " on dry days")
          .inci(
              WATER + ", Butylene Glycol, Glycerin",
              "Betaine, Trehalose, Xanthan Gum, Citric Acid, " + PRESERVE)
          .profiles(HYDRATE, RICE, CALM, MARINE, BRIGHTEN, BARRIER);
  static final Kind FACE_OIL =
      new Kind("Face Oil", Category.SKINCARE, "FOL")
          .noun("Face Oil")
          .sizes("15 ml:0.6", "30 ml:1.0", "50 ml:1.5")
          .price(3600)
          .textures("dry-touch", "lightweight", "nourishing", "silky")
          .usage(
              "Warm two or three drops between your palms and press onto skin at night, or mix a"
                  + " drop into your {moisturizer}")
          .inci(
              "Caprylic/Capric Triglyceride",
              "Simmondsia Chinensis (Jojoba) Seed Oil, Tocopherol, Helianthus Annuus (Sunflower)"
                  + " Seed Oil")
          .activesAt(1)
          .profiles(
              SQUALANE_COMFORT,
              SEA_BUCKTHORN_NOURISH,
              CLOUDBERRY_GLOW,
              BAKUCHIOL_SMOOTH,
              RETINOL_NIGHT);
  static final Kind EYE_CREAM =
      new Kind("Eye Cream", Category.SKINCARE, "EYE")
          .noun("Eye Cream")
          .sizes("15 ml:1.0", "30 ml:1.7")
          .variants(1, 2)
          .price(3400)
          .textures("cooling gel", "rich", "silky", "featherlight")
          .usage(
              "Tap a rice-grain amount around the orbital bone morning and evening, avoiding the"
                  + " lash line")
          .inci(
              WATER + ", Glycerin, Dimethicone, Butylene Glycol",
              "Carbomer, Sodium Hydroxide, Disodium EDTA, " + PRESERVE)
          .activesAt(3)
          .tags("ophthalmologist-tested")
          .evidence("caffeine:2")
          .profiles(EYE_DEPUFF, PEPTIDE, RETINOL_NIGHT, HYDRATE);
  static final Kind MASK =
      new Kind("Mask", Category.SKINCARE, "MSK")
          .noun("Mask")
          .sizes("50 ml:0.7", "75 ml:1.0", "100 ml:1.25")
          .price(2600)
          .textures("clay|Clay", "overnight gel|Sleeping", "creamy|Cream", "jelly|Jelly")
          .usage(
              "Apply an even layer to clean skin two or three times a week, leave for 10 minutes"
                  + " (or overnight for sleeping masks) and follow with your {moisturizer}")
          .inci(WATER + ", Kaolin, Glycerin", "Bentonite, Xanthan Gum, Sodium Phytate, " + PRESERVE)
          .profiles(HYDRATE, CLARIFY, CALM, AHA, RICE, MARINE, GREEN_TEA_BALANCE);
  static final Kind EXFOLIANT =
      new Kind("Exfoliant", Category.SKINCARE, "EXF")
          .noun("Exfoliant")
          .sizes("30 ml:0.55", "100 ml:1.0", "200 ml:1.6")
          .price(2400)
          .textures("liquid|Liquid", "gel|Gel", "toner-like")
          .usage(
              "Use on clean, dry skin two or three evenings a week, avoiding the eye area, and"
                  + " wear {sunscreen} during the day")
          .inci(
              WATER + ", Butylene Glycol, Propanediol",
              "Sodium Hydroxide, Allantoin, Polysorbate 20, " + PRESERVE)
          .profiles(AHA, BHA, AZELAIC_TONE);

  // ---- Make-up -------------------------------------------------------------------------------

  static final Kind FOUNDATION =
      new Kind("Foundation", Category.MAKEUP, "FDN")
          .noun("Foundation")
          .shades(
              "105 Porcelain Cool",
              "120 Warm Ivory",
              "140 Light Beige",
              "170 Neutral Sand",
              "210 Medium Warm",
              "240 Golden Tan",
              "310 Olive Tan",
              "350 Deep Caramel",
              "410 Rich Espresso",
              "450 Deep Ebony")
          .price(3600)
          .textures("lightweight", "buildable", "long-wear", "natural-finish")
          .usage(
              "Blend outwards from the {center} of the face with fingertips, a brush or a damp"
                  + " sponge, building where you want more coverage")
          .inci(
              WATER + ", Dimethicone, Isododecane, Glycerin",
              "Titanium Dioxide (CI 77891), Iron Oxides (CI 77491, CI 77492, CI 77499), Silica,"
                  + " Sodium Chloride, "
                  + PRESERVE)
          .activesAt(3)
          .evidence("makeup:0")
          .profiles(FDN_DEWY, FDN_MATTE, FDN_TINT);
  static final Kind CONCEALER =
      new Kind("Concealer", Category.MAKEUP, "CON")
          .noun("Concealer")
          .shades("1 Fair", "2 Light", "3 Light Medium", "4 Medium", "5 Tan", "6 Deep", "7 Rich")
          .price(2600)
          .textures("creamy", "lightweight", "crease-resistant")
          .usage(
              "Dot under the eyes or over blemishes and tap to blend with a fingertip or a small"
                  + " brush")
          .inci(
              WATER + ", Cyclopentasiloxane, Glycerin",
              "Titanium Dioxide (CI 77891), Iron Oxides (CI 77491, CI 77492, CI 77499), "
                  + PRESERVE)
          .evidence("makeup:0")
          .profiles(CONCEAL_BRIGHT, FDN_DEWY, FDN_MATTE);
  static final Kind MASCARA =
      new Kind("Mascara", Category.MAKEUP, "MAS")
          .noun("Mascara")
          .shades("Black", "Brown-Black", "Soft Brown")
          .variants(1, 3)
          .price(2200)
          .textures("buildable", "smudge-proof", "flake-free")
          .usage(
              "Wiggle the brush from root to tip and add a second coat while the first is still"
                  + " wet; remove with warm water and a gentle cleanser")
          .inci(
              WATER + ", Copernicia Cerifera (Carnauba) Wax, Acrylates Copolymer",
              "Iron Oxides (CI 77499), Hydroxyethylcellulose, " + PRESERVE)
          .activesAt(3)
          .evidence("mascara:0", "mascara:2")
          .profiles(MASCARA_LENGTH, MASCARA_TUBING, MASCARA_VOLUME);
  static final Kind LIPSTICK =
      new Kind("Lipstick", Category.MAKEUP, "LIP")
          .noun("Lipstick")
          .shades(
              "Rosewood",
              "Brick Red",
              "Nude Mauve",
              "Cherry Pop",
              "Coral Bloom",
              "Fig",
              "Terracotta",
              "Pink Peony",
              "Classic Red",
              "Cocoa")
          .price(2400)
          .textures("creamy", "comfortable", "long-wearing")
          .usage(
              "Apply straight from the bullet for full {color}, or dab on with a fingertip for a"
                  + " softer stain")
          .inci(
              "Ricinus Communis (Castor) Seed Oil, Octyldodecanol, Candelilla Cera",
              "Mica, Iron Oxides (CI 77491), Red 7 Lake (CI 15850), Ascorbyl Palmitate")
          .activesAt(3)
          .evidence("lips:0", "lips:2")
          .profiles(LIP_SATIN, LIP_MATTE);
  static final Kind LIP_BALM =
      new Kind("Lip Balm", Category.MAKEUP, "BLM")
          .noun("Lip Balm")
          .shades("Clear", "Rose Tint", "Berry Tint", "Nude Tint")
          .variants(1, 4)
          .price(1000)
          .textures("nourishing", "sheer", "glossy")
          .usage("Smooth over lips as often as you like; build up a second layer for more {color}")
          .inci(
              "Ricinus Communis (Castor) Seed Oil, Candelilla Cera, Caprylic/Capric Triglyceride",
              "Tocopherol, Iron Oxides (CI 77491), Helianthus Annuus (Sunflower) Seed Oil")
          .activesAt(3)
          .evidence("lips:0")
          .profiles(BALM_TINT, BALM_SPF);
  static final Kind BLUSH =
      new Kind("Blush", Category.MAKEUP, "BLU")
          .noun("Blush")
          .shades("Peach Glow", "Rose Petal", "Berry Flush", "Terracotta Sun", "Apricot", "Plum")
          .price(2600)
          .textures("cream-to-powder", "blendable", "sheer")
          .usage(
              "Tap onto the apples of the cheeks and blend upwards, building the {color}"
                  + " gradually")
          .inci(
              "Mica, Talc, Caprylic/Capric Triglyceride",
              "Silica, Iron Oxides (CI 77491, CI 77492), Red 7 Lake (CI 15850), " + PRESERVE)
          .activesAt(3)
          .profiles(BLUSH_CREAM, BLUSH_POWDER);

  // ---- Hair ----------------------------------------------------------------------------------

  private static final String SHAMPOO_HEAD =
      WATER + ", Sodium Lauroyl Methyl Isethionate, Cocamidopropyl Betaine, Decyl Glucoside";
  private static final String CONDITIONER_HEAD =
      WATER + ", Cetearyl Alcohol, Behentrimonium Chloride, Glycerin";

  static final Kind SHAMPOO =
      new Kind("Shampoo", Category.HAIR, "SHA")
          .noun("Shampoo")
          .sizes("60 ml:0.4", "250 ml:1.0", "500 ml:1.7", "1 l:2.9")
          .price(2000)
          .textures("gentle", "rich-lather", "low-lather")
          .usage("Massage into wet hair and scalp, lather and rinse; follow with conditioner")
          .inci(
              SHAMPOO_HEAD,
              "Glycol Distearate, Polyquaternium-10, Sodium Chloride, Citric Acid, Sodium"
                  + " Benzoate")
          .activesAt(4)
          .tags("sulfate-free")
          .profiles(
              HAIR_MOISTURE,
              HAIR_COLOUR,
              HAIR_DANDRUFF,
              HAIR_CURL,
              HAIR_REPAIR,
              HAIR_VOLUME,
              HAIR_CAMELLIA,
              HAIR_TEA_TREE);
  static final Kind CONDITIONER =
      new Kind("Conditioner", Category.HAIR, "CND")
          .noun("Conditioner")
          .sizes("60 ml:0.4", "250 ml:1.0", "500 ml:1.7", "1 l:2.9")
          .price(2100)
          .textures("creamy", "lightweight", "rich")
          .usage(
              "After shampoo, work through the lengths and ends, leave for two minutes and rinse")
          .inci(CONDITIONER_HEAD, "Stearyl Alcohol, Citric Acid, Sodium Benzoate")
          .activesAt(4)
          .profiles(HAIR_MOISTURE, HAIR_COLOUR, HAIR_CURL, HAIR_REPAIR, HAIR_VOLUME, HAIR_CAMELLIA);
  static final Kind HAIR_MASK =
      new Kind("Hair Mask", Category.HAIR, "HMK")
          .noun("Hair Mask")
          .sizes("200 ml:1.0", "500 ml:1.9")
          .variants(1, 2)
          .price(3000)
          .textures("rich", "creamy", "intensive")
          .usage(
              "Once a week, smooth through clean, towel-dried hair, leave for five to ten minutes"
                  + " and rinse well")
          .inci(CONDITIONER_HEAD, "Cetrimonium Chloride, Citric Acid, " + PRESERVE)
          .activesAt(4)
          .profiles(HAIR_MOISTURE, HAIR_COLOUR, HAIR_CURL, HAIR_REPAIR, HAIR_CAMELLIA);
  static final Kind HAIR_OIL =
      new Kind("Hair Oil", Category.HAIR, "HOL")
          .noun("Hair Oil")
          .sizes("30 ml:0.6", "100 ml:1.0")
          .variants(1, 2)
          .price(2800)
          .textures("lightweight", "dry-touch", "silky")
          .usage(
              "Warm two or three drops in your palms and smooth over the mid-lengths and ends of"
                  + " damp or dry hair")
          .inci(
              "Caprylic/Capric Triglyceride, Dimethicone",
              "Tocopherol, Helianthus Annuus (Sunflower) Seed Oil")
          .activesAt(1)
          .evidence("frizz:2")
          .profiles(HAIR_MOISTURE, HAIR_CAMELLIA);
  static final Kind LEAVE_IN =
      new Kind("Leave-In Conditioner", Category.HAIR, "LVI")
          .noun("Leave-In Conditioner")
          .sizes("150 ml:1.0", "250 ml:1.4")
          .variants(1, 2)
          .price(2200)
          .textures("lightweight", "milky", "creamy")
          .usage("Spray or smooth through damp hair from mid-lengths to ends; do not rinse")
          .inci(
              WATER + ", Cetearyl Alcohol, Glycerin, Behentrimonium Methosulfate",
              "Citric Acid, " + PRESERVE)
          .activesAt(4)
          .evidence("curl:2")
          .profiles(HAIR_CURL, HAIR_MOISTURE, HAIR_REPAIR, HAIR_COLOUR);
  static final Kind SCALP_SERUM =
      new Kind("Scalp Serum", Category.HAIR, "SCP")
          .noun("Scalp Serum")
          .sizes("50 ml:1.0", "100 ml:1.7")
          .variants(1, 2)
          .price(3200)
          .textures("lightweight", "non-greasy", "cooling")
          .usage(
              "Part dry hair into sections and apply a few drops directly to the scalp, then"
                  + " massage in; use daily or after washing")
          .inci(
              WATER + ", Propanediol, Glycerin",
              "Menthyl Lactate, Sodium Citrate, Citric Acid, " + PRESERVE)
          .profiles(HAIR_DANDRUFF, HAIR_TEA_TREE, HAIR_VOLUME);
  static final Kind STYLING_CREAM =
      new Kind("Styling Cream", Category.HAIR, "STY")
          .noun("Curl Cream")
          .sizes("150 ml:1.0", "250 ml:1.4")
          .variants(1, 2)
          .price(2200)
          .textures("soft-hold", "creamy", "defining")
          .usage(
              "Rake through soaking-wet hair in sections, scrunch, and air-dry or diffuse without"
                  + " touching until dry")
          .inci(
              WATER + ", Cetearyl Alcohol, Glycerin",
              "Guar Hydroxypropyltrimonium Chloride, " + PRESERVE)
          .activesAt(3)
          .evidence("curl:2")
          .profiles(HAIR_CURL, HAIR_REPAIR);

  // ---- Fragrance -----------------------------------------------------------------------------

  private static final String PERFUME_HEAD = "Alcohol Denat., Parfum (Fragrance), " + WATER;

  static final Kind EDP =
      new Kind("Eau de Parfum", Category.FRAGRANCE, "EDP")
          .noun("Eau de Parfum")
          .sizes("30 ml:0.65", "50 ml:1.0", "100 ml:1.55")
          .variants(1, 3)
          .price(9500)
          .textures("long-lasting", "rich")
          .usage("Spray onto pulse points or clothing from about 15 cm away")
          .inci(PERFUME_HEAD, "Limonene, Linalool, Coumarin, Citral, Benzyl Salicylate")
          .alcohol()
          .scented()
          .evidence("fragrance:0", "fragrance:2", "alcohol:1")
          .profiles(WOODY, FLORAL, CITRUS, AMBER, AQUATIC, GOURMAND, GREEN, LEATHER);
  static final Kind EDT =
      new Kind("Eau de Toilette", Category.FRAGRANCE, "EDT")
          .noun("Eau de Toilette")
          .sizes("30 ml:0.7", "50 ml:1.0", "100 ml:1.5")
          .variants(1, 3)
          .price(6500)
          .textures("fresh", "light")
          .usage("Spray generously onto skin or clothing and reapply through the day")
          .inci(PERFUME_HEAD, "Limonene, Linalool, Citronellol, Geraniol")
          .alcohol()
          .scented()
          .evidence("fragrance:0", "fragrance:2", "alcohol:1")
          .profiles(WOODY, FLORAL, CITRUS, AQUATIC, GREEN);
  static final Kind BODY_MIST =
      new Kind("Body Mist", Category.FRAGRANCE, "MST")
          .noun("Body Mist")
          .sizes("100 ml:0.7", "250 ml:1.0")
          .variants(1, 2)
          .price(2400)
          .textures("sheer", "airy")
          .usage("Mist over skin and hair after showering or whenever you want a refresh")
          .inci(WATER + ", Alcohol Denat., Parfum (Fragrance), Glycerin", "Limonene, Linalool")
          .activesAt(0)
          .alcohol()
          .scented()
          .evidence("fragrance:0", "alcohol:0")
          .profiles(FLORAL, CITRUS, AQUATIC, GOURMAND);

  // ---- Body ----------------------------------------------------------------------------------

  private static final String LOTION_HEAD =
      WATER + ", Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol";

  static final Kind BODY_LOTION =
      new Kind("Body Lotion", Category.BODY, "BLO")
          .noun("Body Lotion")
          .sizes("250 ml:1.0", "400 ml:1.35", "750 ml:2.0")
          .price(1800)
          .textures("fast-absorbing", "rich", "lightweight", "whipped")
          .usage("Smooth over the body after showering, while skin is still slightly damp")
          .inci(LOTION_HEAD, "Glyceryl Stearate, Xanthan Gum, Sodium Hydroxide, " + PRESERVE)
          .activesAt(3)
          .evidence("body-dryness:1")
          .profiles(
              BODY_UREA,
              BODY_CERAMIDE,
              BODY_OAT,
              BODY_SHEA,
              BODY_AHA,
              SEA_BUCKTHORN_NOURISH,
              CLOUDBERRY_GLOW);
  static final Kind BODY_WASH =
      new Kind("Body Wash", Category.BODY, "BWS")
          .noun("Body Wash")
          .sizes("250 ml:1.0", "500 ml:1.6", "1 l:2.6")
          .price(1400)
          .textures("creamy", "gentle", "foaming")
          .usage("Lather over wet skin with hands or a washcloth and rinse")
          .inci(
              WATER + ", Sodium Cocoyl Isethionate, Cocamidopropyl Betaine, Glycerin",
              "Sodium Chloride, Citric Acid, Sodium Benzoate")
          .activesAt(4)
          .tags("sulfate-free")
          .profiles(BODY_OAT, BODY_CERAMIDE, BODY_SHEA, BODY_BHA, BODY_AHA);
  static final Kind BODY_OIL =
      new Kind("Body Oil", Category.BODY, "BOL")
          .noun("Body Oil")
          .sizes("100 ml:1.0", "200 ml:1.7")
          .variants(1, 2)
          .price(2800)
          .textures("dry-touch", "silky", "lightweight")
          .usage("Massage into damp skin after a bath or shower, or add a few drops to the bath")
          .inci(
              "Caprylic/Capric Triglyceride, Prunus Amygdalus Dulcis (Sweet Almond) Oil",
              "Helianthus Annuus (Sunflower) Seed Oil, Tocopherol")
          .activesAt(1)
          .profiles(BODY_DRY_OIL, SEA_BUCKTHORN_NOURISH, SQUALANE_COMFORT, CLOUDBERRY_GLOW);
  static final Kind DEODORANT =
      new Kind("Deodorant", Category.BODY, "DEO")
          .noun("Deodorant")
          .sizes("50 ml:1.0", "2 x 50 ml:1.8")
          .variants(1, 2)
          .price(1200)
          .textures("roll-on|Roll-On", "cream|Cream", "stick|Stick")
          .usage("Apply to clean, dry underarms once a day and reapply as needed")
          .inci(
              WATER + ", Caprylic/Capric Triglyceride, Glycerin",
              "Xanthan Gum, Sodium Levulinate, Sodium Anisate")
          .activesAt(2)
          .evidence("deodorant:0")
          .profiles(DEO_MAGNESIUM, DEO_FRESH);
  static final Kind HAND_CREAM =
      new Kind("Hand Cream", Category.BODY, "HND")
          .noun("Hand Cream")
          .sizes("30 ml:0.55", "75 ml:1.0")
          .variants(1, 2)
          .price(1200)
          .textures("rich", "non-greasy", "fast-absorbing")
          .usage("Massage into hands whenever they feel dry, paying attention to cuticles")
          .inci(LOTION_HEAD, "Dimethicone, Allantoin, " + PRESERVE)
          .activesAt(3)
          .profiles(BODY_SHEA, BODY_UREA, BODY_CERAMIDE, BODY_OAT);
  static final Kind BODY_SCRUB =
      new Kind("Body Scrub", Category.BODY, "SCR")
          .noun("Body Scrub")
          .sizes("200 g:1.0", "400 g:1.6")
          .variants(1, 2)
          .price(2000)
          .textures("sugar|Sugar", "fine-grain", "salt|Salt")
          .usage(
              "Massage over damp skin in circular motions two or three times a week, then rinse"
                  + " and follow with body lotion")
          .inci(
              "Sucrose, Caprylic/Capric Triglyceride, Butyrospermum Parkii (Shea) Butter",
              "Polysorbate 20, Tocopherol")
          .activesAt(1)
          .profiles(BODY_COFFEE, BODY_SALT, BODY_AHA);

  // ---- Sun -----------------------------------------------------------------------------------

  private static final String SUN_HEAD = WATER + ", Caprylic/Capric Triglyceride";
  private static final String SUN_TAIL =
      "Glycerin, Polyhydroxystearic Acid, Tocopherol, Xanthan Gum, " + PRESERVE;

  static final Kind SUNSCREEN =
      new Kind("Sunscreen", Category.SUN, "SUN")
          .noun("Sunscreen", "Sun Cream")
          .sizes("30 ml:0.7", "50 ml:1.0", "100 ml:1.6")
          .variants(1, 3)
          .price(2600)
          .textures("lightweight", "sheer", "fluid", "gel|Gel", "milky")
          .usage(
              "Apply generously as the last step of your morning routine, 15 minutes before sun"
                  + " exposure, and reapply at least every 2 hours and after swimming or sweating")
          .inci(SUN_HEAD, SUN_TAIL)
          .activesAt(1)
          .tags("spf")
          .evidence("sunscreen")
          .profiles(
              SUN_MINERAL_30,
              SUN_MINERAL_50,
              SUN_TINTED,
              SUN_US_GEL,
              SUN_US_LOTION,
              SUN_EU_FLUID,
              SUN_JP_GEL);
  static final Kind BODY_SUNSCREEN =
      new Kind("Sunscreen", Category.SUN, "BSN")
          .noun("Body Sunscreen", "Body Sun Cream")
          .sizes("100 ml:0.65", "200 ml:1.0", "400 ml:1.7")
          .variants(1, 3)
          .price(2400)
          .textures("lightweight", "water-resistant", "non-greasy")
          .usage(
              "Apply generously to all exposed skin before going out; water-resistant for 40"
                  + " minutes, so reapply after swimming, towel-drying and at least every 2"
                  + " hours")
          .inci(SUN_HEAD, SUN_TAIL)
          .activesAt(1)
          .tags("spf", "water-resistant")
          .evidence("sunscreen")
          .profiles(SUN_MINERAL_50, SUN_MINERAL_30, SUN_US_LOTION, SUN_US_GEL, SUN_EU_FLUID);
  static final Kind SUN_STICK =
      new Kind("Sunscreen", Category.SUN, "STK")
          .noun("Sunscreen Stick", "Sun Stick")
          .sizes("15 g:1.0", "25 g:1.4")
          .variants(1, 2)
          .price(2000)
          .textures("solid", "invisible", "mess-free")
          .usage(
              "Glide over the face, ears and neck, going over each area four times; reapply at"
                  + " least every 2 hours outdoors")
          .inci(
              "Caprylic/Capric Triglyceride, Candelilla Cera, Ricinus Communis (Castor) Seed Oil",
              "Tocopherol, Silica")
          .activesAt(1)
          .tags("spf", "travel-friendly")
          .evidence("sunscreen")
          .profiles(SUN_MINERAL_50, SUN_MINERAL_30, SUN_US_GEL, SUN_EU_FLUID);
  static final Kind AFTER_SUN_KIND =
      new Kind("After-Sun", Category.SUN, "AFS")
          .noun("After-Sun")
          .sizes("200 ml:1.0", "400 ml:1.6")
          .variants(1, 2)
          .price(1600)
          .textures("cooling gel|Gel", "lotion|Lotion")
          .textureAfter()
          .usage("Smooth generously over sun-exposed skin after sun and as often as needed")
          .inci(WATER + ", Glycerin", "Allantoin, Menthyl Lactate, Carbomer, " + PRESERVE)
          .activesAt(0)
          .evidence("after-sun:2")
          .profiles(AFTER_SUN);
  static final Kind SELF_TANNER =
      new Kind("Self-Tanner", Category.SUN, "TAN")
          .noun("Self-Tanning", "Self-Tan")
          .sizes("100 ml:0.8", "150 ml:1.0", "200 ml:1.25")
          .variants(1, 2)
          .price(3000)
          .textures("mousse|Mousse", "drops|Drops", "lotion|Lotion")
          .textureAfter()
          .usage(
              "Exfoliate first, apply with a mitt in long sweeping strokes and wash your hands"
                  + " straight after")
          .inci(
              WATER + ", Glycerin",
              "Glyceryl Stearate, Xanthan Gum, Sodium Metabisulfite, " + PRESERVE)
          .activesAt(1)
          .evidence("self-tan:1")
          .profiles(SELF_TAN);
}
