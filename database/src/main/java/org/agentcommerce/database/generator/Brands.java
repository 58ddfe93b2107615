package org.agentcommerce.database.generator;

import static org.agentcommerce.database.generator.Kinds.*;
import static org.agentcommerce.database.generator.Profiles.*;

import java.util.List;

/** The fictional brands of the shared vocabulary (all names invented). */
final class Brands {

  private Brands() {}

  private static final class B {
    private final String name;
    private final String shortName;
    private final String prefix;
    private final String origin;
    private final Spelling spelling;
    private final double tier;
    private double fragrance;
    private double oils;
    private String scent;
    private String oilsPhrase;
    private List<String> oilsInci = List.of();
    private boolean vegan;
    private List<String> tags = List.of();
    private List<String> lines = List.of();
    private List<Kind> kinds = List.of();
    private List<Profile> focus = List.of();

    B(String name, String shortName, String prefix, String origin, Spelling spelling, double tier) {
      this.name = name;
      this.shortName = shortName;
      this.prefix = prefix;
      this.origin = origin;
      this.spelling = spelling;
      this.tier = tier;
    }

    B fragrance(double chance, String scent) {
      this.fragrance = chance;
      this.scent = scent;
      return this;
    }

    B oils(double chance, String phrase, String... inci) {
      this.oils = chance;
      this.oilsPhrase = phrase;
      this.oilsInci = List.of(inci);
      return this;
    }

    B vegan() {
      this.vegan = true;
      return this;
    }

    B tags(String... tags) {
      this.tags = List.of(tags);
      return this;
    }

    B lines(String... lines) {
      this.lines = List.of(lines);
      return this;
    }

    B kinds(Kind... kinds) {
      this.kinds = List.of(kinds);
      return this;
    }

    B focus(Profile... focus) {
      this.focus = List.of(focus);
      return this;
    }

    Brand build() {
      return new Brand(
          name,
          shortName,
          prefix,
          origin,
          spelling,
          tier,
          fragrance,
          oils,
          scent,
          oilsPhrase,
          oilsInci,
          vegan,
          tags,
          lines,
          kinds,
          focus);
    }
  }

  private static final String[] LAVENDER_ORANGE = {
    "Lavandula Angustifolia (Lavender) Oil",
    "Citrus Aurantium Dulcis (Orange) Peel Oil",
    "Linalool",
    "Limonene"
  };
  private static final String[] PINE_JUNIPER = {
    "Pinus Sylvestris Leaf Oil", "Juniperus Communis Fruit Oil", "Limonene", "Linalool"
  };

  // ---- Skin care -----------------------------------------------------------------------------

  static final Brand LUMEN_LAB =
      new B("Lumen Lab", "Lumen", "LUM", "US", Spelling.US, 1.0)
          .fragrance(0.1, "a hint of white tea")
          .tags("cruelty-free")
          .lines("Hydra-Boost", "Clarity", "Glow Theory", "Night Shift", "Barrier Lab")
          .kinds(SERUM, MOISTURIZER, CLEANSER, TONER, EYE_CREAM, MASK, EXFOLIANT, FACE_OIL)
          .build();
  static final Brand DERMAVEIL =
      new B("Dermaveil", "Dermaveil", "DMV", "US", Spelling.US, 1.15)
          .tags("dermatologist-tested", "cruelty-free")
          .lines("Calm", "Restore", "Derm Daily")
          .kinds(MOISTURIZER, CLEANSER, SERUM, EYE_CREAM, EXFOLIANT, MICELLAR)
          .focus(BARRIER, CALM, OAT_SOOTHE, HYDRATE, AZELAIC_TONE, RETINAL_NIGHT, PEPTIDE, AHA)
          .build();
  static final Brand CLEARFORM =
      new B("Clearform Skin", "Clearform", "CLF", "US", Spelling.US, 0.75)
          .fragrance(0.05, "a light citrus scent")
          .vegan()
          .lines("Daily Clear", "Pore Reset", "Spot Control")
          .kinds(CLEANSER, TONER, SERUM, EXFOLIANT, MOISTURIZER, MASK)
          .focus(CLARIFY, BHA, AHA, AZELAIC_TONE, GREEN_TEA_BALANCE, HYDRATE)
          .build();
  static final Brand VERDELUNE =
      new B("Verdelune", "Verdelune", "VDL", "EU", Spelling.UK, 0.9)
          .fragrance(0.3, "a soft green-tea scent")
          .tags("pharmacy", "dermatologist-tested")
          .lines("Hydra Source", "Douceur", "Pure Équilibre", "Éclat")
          .kinds(MOISTURIZER, CLEANSER, MICELLAR, TONER, SERUM, EYE_CREAM, MASK)
          .focus(HYDRATE, CALM, BARRIER, BRIGHTEN, CLARIFY, PEPTIDE, EYE_DEPUFF, OAT_SOOTHE)
          .build();
  static final Brand ROSEE =
      new B("Rosée de Provence", "Rosée", "RDP", "EU", Spelling.UK, 1.3)
          .fragrance(0.8, "Damask rose and lavender")
          .oils(
              0.35,
              "rose geranium and lavender",
              "Pelargonium Graveolens Flower Oil",
              "Lavandula Angustifolia (Lavender) Oil",
              "Geraniol",
              "Citronellol",
              "Linalool")
          .lines("Rose Absolue", "Lavande Douce", "Immortelle", "Fleur d'Oranger")
          .kinds(MOISTURIZER, FACE_OIL, SERUM, MASK, TONER, HAND_CREAM, BODY_LOTION)
          .focus(HYDRATE, SQUALANE_COMFORT, BRIGHTEN, PEPTIDE, CALM, BODY_SHEA, BODY_UREA)
          .build();
  static final Brand KUMO =
      new B("Kumo Skin", "Kumo", "KMO", "JP", Spelling.US, 1.0)
          .fragrance(0.15, "a delicate rice-milk scent")
          .lines("Cloud Water", "Mochi", "Yuki")
          .kinds(SERUM, MOISTURIZER, ESSENCE, TONER, CLEANSER, MASK, EYE_CREAM)
          .focus(HYDRATE, RICE, BRIGHTEN, CALM, CLARIFY, MARINE, BARRIER, EYE_DEPUFF)
          .build();
  static final Brand HANAMI =
      new B("Hanami Botanics", "Hanami", "HNB", "JP", Spelling.UK, 0.85)
          .fragrance(0.35, "yuzu and green tea")
          .vegan()
          .lines("Sakura Leaf", "Matcha Calm", "Yuzu Bright")
          .kinds(CLEANSER, MASK, TONER, ESSENCE, MOISTURIZER, SERUM)
          .focus(CALM, GREEN_TEA_BALANCE, BRIGHTEN, HYDRATE, RICE, OAT_SOOTHE)
          .build();
  static final Brand TSUYU =
      new B("Tsuyu Lab", "Tsuyu", "TSY", "JP", Spelling.US, 1.2)
          .lines("Dew Layer", "Rain Veil", "Hinoki")
          .kinds(ESSENCE, SERUM, MOISTURIZER, TONER, EYE_CREAM, FACE_OIL)
          .focus(BARRIER, HYDRATE, PEPTIDE, RICE, SQUALANE_COMFORT, RETINAL_NIGHT, EYE_DEPUFF)
          .build();
  static final Brand NORDLYS =
      new B("Nordlys", "Nordlys", "NRD", "EU", Spelling.UK, 0.95)
          .fragrance(0.15, "Arctic birch and juniper")
          .oils(0.45, "Scots pine and juniper berry", PINE_JUNIPER)
          .vegan()
          .tags("organic", "nordic")
          .lines("Arctic Dew", "Midnight Sun", "Fjord")
          .kinds(
              MOISTURIZER,
              SERUM,
              FACE_OIL,
              CLEANSER,
              BODY_LOTION,
              BODY_WASH,
              HAND_CREAM,
              SHAMPOO,
              CONDITIONER)
          .focus(
              CLOUDBERRY_GLOW,
              SEA_BUCKTHORN_NOURISH,
              OAT_SOOTHE,
              BARRIER,
              HYDRATE,
              SQUALANE_COMFORT,
              BAKUCHIOL_SMOOTH,
              BODY_OAT,
              BODY_UREA,
              HAIR_MOISTURE,
              HAIR_VOLUME)
          .build();
  static final Brand FJELLBRIS =
      new B("Fjellbris", "Fjellbris", "FJB", "EU", Spelling.UK, 0.8)
          .oils(0.5, "Scots pine and juniper berry", PINE_JUNIPER)
          .vegan()
          .tags("organic", "nordic")
          .lines("Havtorn", "Birch", "Tundra")
          .kinds(BODY_OIL, BODY_LOTION, BODY_SCRUB, FACE_OIL, DEODORANT, MOISTURIZER, CLEANSER)
          .focus(
              SEA_BUCKTHORN_NOURISH,
              CLOUDBERRY_GLOW,
              OAT_SOOTHE,
              SQUALANE_COMFORT,
              BODY_DRY_OIL,
              BODY_SALT,
              DEO_MAGNESIUM,
              BODY_UREA,
              CALM)
          .build();
  static final Brand SOLACE =
      new B("Solace Botanica", "Solace", "SOB", "US", Spelling.US, 1.25)
          .oils(0.4, "lavender and sweet orange", LAVENDER_ORANGE)
          .vegan()
          .tags("clean-beauty")
          .lines("Golden Hour", "Wildflower", "Still Water")
          .kinds(FACE_OIL, SERUM, MOISTURIZER, CLEANSER, MASK, BODY_OIL)
          .focus(
              BAKUCHIOL_SMOOTH,
              SQUALANE_COMFORT,
              SEA_BUCKTHORN_NOURISH,
              CALM,
              BRIGHTEN,
              HYDRATE,
              BODY_DRY_OIL)
          .build();
  static final Brand PEPTICA =
      new B("Peptica", "Peptica", "PPT", "US", Spelling.US, 1.6)
          .fragrance(0.1, "a clean, powdery scent")
          .lines("Matrix", "Firm Code", "Lift Lab")
          .kinds(SERUM, MOISTURIZER, EYE_CREAM, FACE_OIL)
          .focus(
              PEPTIDE,
              RETINOL_NIGHT,
              RETINAL_NIGHT,
              HYDRATE,
              EYE_DEPUFF,
              DARK_SPOT,
              BAKUCHIOL_SMOOTH)
          .build();
  static final Brand OSTRA =
      new B("Ostra Marine", "Ostra", "OST", "EU", Spelling.UK, 1.05)
          .fragrance(0.4, "a fresh sea-spray scent")
          .lines("Atlantique", "Marée", "Écume")
          .kinds(MASK, MOISTURIZER, SERUM, CLEANSER, BODY_SCRUB, BODY_LOTION)
          .focus(MARINE, HYDRATE, BARRIER, CALM, BRIGHTEN, BODY_SALT, BODY_UREA)
          .build();

  // ---- Make-up -------------------------------------------------------------------------------

  static final Brand VELVET_ATLAS =
      new B("Velvet Atlas Cosmetics", "Velvet Atlas", "VAC", "US", Spelling.US, 0.9)
          .fragrance(0.3, "a soft vanilla scent")
          .tags("cruelty-free")
          .lines("Studio", "Soft Focus", "Everyday")
          .kinds(FOUNDATION, CONCEALER, MASCARA, LIPSTICK, BLUSH, LIP_BALM)
          .build();
  static final Brand PETAL_PIGMENT =
      new B("Petal & Pigment", "Petal & Pigment", "PNP", "US", Spelling.US, 0.8)
          .vegan()
          .tags("clean-beauty")
          .lines("Bare", "Bloom")
          .kinds(FOUNDATION, CONCEALER, BLUSH, LIP_BALM, LIPSTICK, MASCARA)
          .build();
  static final Brand KIYOMI =
      new B("Kiyomi Color", "Kiyomi", "KYC", "JP", Spelling.US, 0.85)
          .lines("Hanabi", "Sora")
          .kinds(MASCARA, LIPSTICK, BLUSH, CONCEALER, FOUNDATION, LIP_BALM)
          .build();
  static final Brand MAISON_CERISE =
      new B("Maison Cerise", "Maison Cerise", "MCR", "EU", Spelling.UK, 1.35)
          .fragrance(0.5, "a hint of violet")
          .lines("Rouge", "Velours", "Poudre")
          .kinds(LIPSTICK, BLUSH, FOUNDATION, MASCARA, LIP_BALM)
          .build();

  // ---- Hair ----------------------------------------------------------------------------------

  static final Brand HARBOR_TIDE =
      new B("Harbor & Tide", "Harbor & Tide", "HBT", "US", Spelling.US, 0.85)
          .fragrance(0.6, "sea salt and cedar")
          .lines("Seaside", "Deep Harbor", "Daily")
          .kinds(SHAMPOO, CONDITIONER, HAIR_MASK, HAIR_OIL, LEAVE_IN, STYLING_CREAM, BODY_WASH)
          .build();
  static final Brand COILCRAFT =
      new B("Coilcraft", "Coilcraft", "CCR", "US", Spelling.US, 0.9)
          .fragrance(0.5, "coconut and vanilla")
          .vegan()
          .lines("Coil Theory", "Wash Day", "Twist Out")
          .kinds(SHAMPOO, CONDITIONER, LEAVE_IN, STYLING_CREAM, HAIR_MASK, HAIR_OIL)
          .focus(HAIR_CURL, HAIR_MOISTURE, HAIR_REPAIR)
          .build();
  static final Brand MISTRAL =
      new B("Mistral Hair", "Mistral", "MSH", "EU", Spelling.UK, 1.1)
          .fragrance(0.7, "fig and bergamot")
          .lines("Provence", "Soie", "Brillance")
          .kinds(SHAMPOO, CONDITIONER, HAIR_MASK, HAIR_OIL, LEAVE_IN)
          .focus(HAIR_COLOUR, HAIR_MOISTURE, HAIR_REPAIR, HAIR_VOLUME)
          .build();
  static final Brand KAMI =
      new B("Kami Ritual", "Kami", "KMR", "JP", Spelling.US, 1.1)
          .fragrance(0.4, "hinoki and white tea")
          .lines("Komorebi", "Kyoto Silk", "Hinoki Ritual")
          .kinds(HAIR_OIL, SHAMPOO, CONDITIONER, HAIR_MASK, SCALP_SERUM)
          .focus(HAIR_CAMELLIA, HAIR_VOLUME, HAIR_REPAIR, HAIR_TEA_TREE, HAIR_MOISTURE)
          .build();
  static final Brand SCALPWISE =
      new B("Scalpwise", "Scalpwise", "SCW", "US", Spelling.US, 0.8)
          .fragrance(0.2, "a cooling mint scent")
          .tags("dermatologist-tested")
          .lines("Clinical", "Daily Balance")
          .kinds(SHAMPOO, SCALP_SERUM, CONDITIONER)
          .focus(HAIR_DANDRUFF, HAIR_TEA_TREE, HAIR_VOLUME)
          .build();

  // ---- Fragrance -----------------------------------------------------------------------------

  static final Brand AMBRE_NOMADE =
      new B("Ambre Nomade", "Ambre Nomade", "AMN", "EU", Spelling.UK, 1.6)
          .lines(
              "Sable d'Or|amber",
              "Figue Noire|gourmand",
              "Néroli Blanc|citrus",
              "Cuir Doux|leather",
              "Thé Rouge|woody",
              "Jardin Secret|green")
          .kinds(EDP, EDT, BODY_MIST)
          .build();
  static final Brand CEDAR_SALT =
      new B("Cedar & Salt", "Cedar & Salt", "CDS", "US", Spelling.US, 1.0)
          .fragrance(1.0, "driftwood and sea salt")
          .lines(
              "Driftwood|aquatic",
              "Salt Air|aquatic",
              "Cedar No. 7|woody",
              "Smoke & Vetiver|woody",
              "Fig Leaf|green",
              "Wild Rose|floral")
          .kinds(EDP, EDT, BODY_MIST, BODY_WASH, BODY_LOTION)
          .build();
  static final Brand ATELIER_NUIT =
      new B("Atelier Nuit", "Atelier Nuit", "ATN", "EU", Spelling.UK, 2.0)
          .lines(
              "Minuit Iris|leather",
              "Oud Velours|amber",
              "Tubéreuse Nocturne|floral",
              "Ambre Gris|amber",
              "Bois Sacré|woody")
          .kinds(EDP, EDT)
          .build();

  // ---- Body ----------------------------------------------------------------------------------

  static final Brand OATMILK_HONEY =
      new B("Oatmilk & Honey Co.", "Oatmilk & Honey", "OHC", "US", Spelling.US, 0.7)
          .fragrance(0.3, "warm honey")
          .tags("dermatologist-tested")
          .lines("Gentle", "Comfort")
          .kinds(BODY_LOTION, BODY_WASH, HAND_CREAM, BODY_SCRUB, BODY_OIL)
          .focus(BODY_OAT, BODY_CERAMIDE, BODY_SHEA, BODY_UREA, BODY_COFFEE, BODY_DRY_OIL)
          .build();
  static final Brand SAVON_BLANC =
      new B("Savon Blanc", "Savon Blanc", "SVB", "EU", Spelling.UK, 0.75)
          .fragrance(0.7, "sweet almond milk")
          .lines("Lait d'Amande", "Fleur de Coton", "Verveine")
          .kinds(BODY_WASH, BODY_LOTION, HAND_CREAM, BODY_SCRUB, DEODORANT)
          .build();
  static final Brand GROVE_STREET =
      new B("Grove Street Apothecary", "Grove Street", "GSA", "US", Spelling.US, 0.85)
          .oils(0.6, "lavender and sweet orange", LAVENDER_ORANGE)
          .vegan()
          .tags("plastic-free")
          .lines("Field Kit", "Daily Ritual", "No. 9")
          .kinds(DEODORANT, BODY_WASH, BODY_OIL, HAND_CREAM, BODY_SCRUB)
          .build();

  // ---- Sun -----------------------------------------------------------------------------------

  static final Brand SUNLINE =
      new B("Sunline", "Sunline", "SNL", "US", Spelling.US, 0.8)
          .fragrance(0.3, "coconut and orange blossom")
          .lines("Everyday", "Beach Day", "Active")
          .kinds(SUNSCREEN, BODY_SUNSCREEN, SUN_STICK, AFTER_SUN_KIND, SELF_TANNER)
          .build();
  static final Brand HAZE_SHIELD =
      new B("Haze Shield", "Haze Shield", "HZS", "US", Spelling.US, 1.0)
          .tags("dermatologist-tested")
          .lines("Daily", "Sport", "Sheer")
          .kinds(SUNSCREEN, BODY_SUNSCREEN, SUN_STICK)
          .focus(SUN_MINERAL_30, SUN_MINERAL_50, SUN_TINTED, SUN_US_GEL)
          .build();
  static final Brand HIYAKE_GUARD =
      new B("Hiyake Guard", "Hiyake Guard", "HYG", "JP", Spelling.UK, 0.7)
          .lines("Aqua", "Skin Milk", "Daily UV")
          .kinds(SUNSCREEN, BODY_SUNSCREEN, SUN_STICK, AFTER_SUN_KIND)
          .focus(SUN_JP_GEL, SUN_EU_FLUID, SUN_MINERAL_50, AFTER_SUN)
          .build();
  static final Brand SOLEIL_DOUX =
      new B("Soleil Doux", "Soleil Doux", "SLD", "EU", Spelling.UK, 0.9)
          .fragrance(0.5, "monoi and vanilla")
          .lines("Invisible", "Famille", "Éclat d'Été")
          .kinds(SUNSCREEN, BODY_SUNSCREEN, AFTER_SUN_KIND, SELF_TANNER, SUN_STICK)
          .build();

  /** Every beauty brand. */
  static final List<Brand> ALL =
      List.of(
          LUMEN_LAB,
          DERMAVEIL,
          CLEARFORM,
          VERDELUNE,
          ROSEE,
          KUMO,
          HANAMI,
          TSUYU,
          NORDLYS,
          FJELLBRIS,
          SOLACE,
          PEPTICA,
          OSTRA,
          VELVET_ATLAS,
          PETAL_PIGMENT,
          KIYOMI,
          MAISON_CERISE,
          HARBOR_TIDE,
          COILCRAFT,
          MISTRAL,
          KAMI,
          SCALPWISE,
          AMBRE_NOMADE,
          CEDAR_SALT,
          ATELIER_NUIT,
          OATMILK_HONEY,
          SAVON_BLANC,
          GROVE_STREET,
          SUNLINE,
          HAZE_SHIELD,
          HIYAKE_GUARD,
          SOLEIL_DOUX);

  /** Scent families by key, for fragrance lines. */
  static Profile family(String key) {
    for (Profile p : List.of(WOODY, FLORAL, CITRUS, AMBER, AQUATIC, GOURMAND, GREEN, LEATHER)) {
      if (p.key.equals(key)) {
        return p;
      }
    }
    throw new IllegalArgumentException("No scent family " + key);
  }
}
