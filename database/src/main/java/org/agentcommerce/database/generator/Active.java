package org.agentcommerce.database.generator;

/**
 * A key active ingredient: its shopper-facing name (in {@code key_actives}), the INCI text that
 * puts it in the ingredient list, and the evidence it can be cited with ({@code topic} or {@code
 * topic:fact}; null when no citation covers it).
 */
record Active(String name, String inci, String evidence) {

  static final Active NIACINAMIDE = new Active("niacinamide", "Niacinamide", "niacinamide");
  static final Active ZINC_PCA = new Active("zinc pca", "Zinc PCA", "zinc");
  static final Active HYALURONIC =
      new Active("hyaluronic acid", "Sodium Hyaluronate, Hydrolyzed Hyaluronic Acid", "hyaluronic");
  static final Active VITAMIN_C = new Active("vitamin c", "Ascorbic Acid", "vitamin-c");
  static final Active VITAMIN_E = new Active("vitamin e", "Tocopherol", null);
  static final Active RETINOL = new Active("retinol", "Retinol", "retinoids");
  static final Active RETINAL = new Active("retinal", "Retinal", "retinoids");
  static final Active BAKUCHIOL = new Active("bakuchiol", "Bakuchiol", "bakuchiol");
  static final Active CERAMIDES =
      new Active("ceramides", "Ceramide NP, Ceramide AP, Ceramide EOP, Cholesterol", "ceramides");
  static final Active SALICYLIC = new Active("salicylic acid", "Salicylic Acid", "salicylic");
  static final Active SALICYLIC_SCALP =
      new Active("salicylic acid", "Salicylic Acid", "dandruff:2");
  static final Active GLYCOLIC = new Active("glycolic acid", "Glycolic Acid", "aha");
  static final Active LACTIC = new Active("lactic acid", "Lactic Acid", "aha:2");
  static final Active AZELAIC = new Active("azelaic acid", "Azelaic Acid", "azelaic");
  static final Active PEPTIDES =
      new Active(
          "peptides",
          "Palmitoyl Tripeptide-1, Palmitoyl Tetrapeptide-7, Acetyl Hexapeptide-8",
          "peptides");
  static final Active SQUALANE = new Active("squalane", "Squalane", "squalane");
  static final Active CENTELLA =
      new Active("centella asiatica", "Centella Asiatica Extract, Madecassoside", "centella");
  static final Active TRANEXAMIC = new Active("tranexamic acid", "Tranexamic Acid", "tranexamic");
  static final Active CAFFEINE = new Active("caffeine", "Caffeine", "caffeine");
  static final Active PANTHENOL = new Active("panthenol", "Panthenol", "after-sun:1");
  static final Active GREEN_TEA =
      new Active("green tea", "Camellia Sinensis Leaf Extract", "green-tea");
  static final Active RICE_FERMENT =
      new Active("rice ferment", "Saccharomyces/Rice Ferment Filtrate", null);
  static final Active UREA = new Active("urea", "Urea", "body-dryness");
  static final Active OAT =
      new Active("colloidal oatmeal", "Avena Sativa (Oat) Kernel Flour", "oat");
  static final Active SHEA = new Active("shea butter", "Butyrospermum Parkii (Shea) Butter", null);
  static final Active SHEA_HAIR =
      new Active("shea butter", "Butyrospermum Parkii (Shea) Butter", "curl:1");
  static final Active COCOA =
      new Active("cocoa butter", "Theobroma Cacao (Cocoa) Seed Butter", null);
  static final Active ALOE = new Active("aloe vera", "Aloe Barbadensis Leaf Juice", "after-sun:0");
  static final Active ZINC_OXIDE = new Active("zinc oxide", "Zinc Oxide", "zinc-oxide");
  static final Active TITANIUM_DIOXIDE =
      new Active("titanium dioxide", "Titanium Dioxide", "zinc-oxide:2");
  static final Active IRON_OXIDES =
      new Active("iron oxides", "Iron Oxides (CI 77491, CI 77492, CI 77499)", "makeup:2");
  static final Active AVOBENZONE = new Active("avobenzone", "Avobenzone", "avobenzone");
  static final Active HOMOSALATE = new Active("homosalate", "Homosalate", null);
  static final Active OCTISALATE = new Active("octisalate", "Octisalate", null);
  static final Active OCTOCRYLENE = new Active("octocrylene", "Octocrylene", "avobenzone:1");
  static final Active BEMOTRIZINOL =
      new Active("bemotrizinol", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine", null);
  static final Active ETHYLHEXYL_TRIAZONE =
      new Active("ethylhexyl triazone", "Ethylhexyl Triazone", null);
  static final Active OCTINOXATE =
      new Active("ethylhexyl methoxycinnamate", "Ethylhexyl Methoxycinnamate", null);
  static final Active DHA = new Active("dihydroxyacetone", "Dihydroxyacetone", "self-tan");
  static final Active ERYTHRULOSE = new Active("erythrulose", "Erythrulose", "self-tan:2");
  static final Active ARGAN = new Active("argan oil", "Argania Spinosa Kernel Oil", "frizz:1");
  static final Active PIROCTONE = new Active("piroctone olamine", "Piroctone Olamine", "dandruff");
  static final Active KERATIN = new Active("keratin", "Hydrolyzed Keratin", "colour:2");
  static final Active RICE_PROTEIN = new Active("rice protein", "Hydrolyzed Rice Protein", null);
  static final Active CAMELLIA_OIL =
      new Active("camellia oil", "Camellia Japonica Seed Oil", "frizz:0");
  static final Active TEA_TREE =
      new Active("tea tree oil", "Melaleuca Alternifolia (Tea Tree) Leaf Oil", "tea-tree:1");
  static final Active BIOTIN = new Active("biotin", "Biotin", null);
  static final Active FLAXSEED =
      new Active("flaxseed", "Linum Usitatissimum (Linseed) Seed Extract", "curl:0");
  static final Active SUNFLOWER =
      new Active("sunflower seed oil", "Helianthus Annuus (Sunflower) Seed Oil", "colour");
  static final Active MAGNESIUM =
      new Active("magnesium hydroxide", "Magnesium Hydroxide", "deodorant:2");
  static final Active ZINC_RICINOLEATE =
      new Active("zinc ricinoleate", "Zinc Ricinoleate", "deodorant:0");
  static final Active SEA_BUCKTHORN =
      new Active("sea buckthorn oil", "Hippophae Rhamnoides Fruit Oil", null);
  static final Active CLOUDBERRY =
      new Active("cloudberry seed oil", "Rubus Chamaemorus Seed Oil", null);
  static final Active JOJOBA =
      new Active("jojoba oil", "Simmondsia Chinensis (Jojoba) Seed Oil", null);
  static final Active ROSEHIP = new Active("rosehip oil", "Rosa Canina Fruit Oil", null);
  static final Active ALGAE = new Active("marine algae", "Laminaria Digitata Extract", null);
  static final Active COFFEE = new Active("coffee", "Coffea Arabica (Coffee) Seed Powder", null);
  static final Active SEA_SALT = new Active("sea salt", "Maris Sal (Sea Salt)", null);
}
