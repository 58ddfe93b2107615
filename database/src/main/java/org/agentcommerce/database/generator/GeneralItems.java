package org.agentcommerce.database.generator;

import java.util.ArrayList;
import java.util.List;

/**
 * Off-vertical products (category {@code other}, surface {@code general}) that a few shops sell
 * next to their beauty range, so searches can be checked for staying on the beauty surface.
 */
final class GeneralItems {

  private GeneralItems() {}

  record Item(
      String vendor,
      String skuPrefix,
      String kindCode,
      String title,
      String productType,
      String description,
      String tags,
      String optionName,
      String options,
      int usdCents) {}

  static final List<Item> SUNLINE =
      List.of(
          new Item(
              "Tidewell Goods",
              "TWG",
              "YGM",
              "Tidewell Cork Yoga Mat 5 mm",
              "Yoga Mat",
              "A natural cork yoga mat with a natural-rubber base that stays grippy even when your"
                  + " hands get sweaty. It measures 183 x 61 cm and is 5 mm thick, with enough"
                  + " cushioning for knees on hard floors. Wipe clean with a damp cloth.",
              "yoga,fitness,cork,non-slip",
              "Color",
              "Natural:1.0",
              8800),
          new Item(
              "Tidewell Goods",
              "TWG",
              "BTL",
              "Tidewell Insulated Water Bottle 750 ml",
              "Water Bottle",
              "A double-wall stainless steel bottle that keeps drinks cold for 24 hours or hot for"
                  + " 12. The leak-proof cap has a carry loop and the powder-coated finish resists"
                  + " scratches. Hand wash only.",
              "hydration,stainless-steel,reusable,bpa-free",
              "Color",
              "Sea Glass:1.0,Sand:1.0,Charcoal:1.0",
              3400),
          new Item(
              "Tidewell Goods",
              "TWG",
              "TWL",
              "Tidewell Quick-Dry Beach Towel",
              "Beach Towel",
              "A lightweight microfiber beach towel that dries in about an hour and shakes sand"
                  + " off easily. It packs down to the size of a water bottle and comes with a"
                  + " drawstring pouch.",
              "beach,travel,microfiber,quick-dry",
              "Color",
              "Ocean Stripe:1.0,Sunset Stripe:1.0",
              3900),
          new Item(
              "Tidewell Goods",
              "TWG",
              "TOT",
              "Tidewell Waxed Canvas Tote",
              "Tote Bag",
              "A sturdy waxed-canvas tote with leather handles, an inside zip pocket and room for"
                  + " a laptop. Water-resistant enough for a rainy commute or a day at the beach.",
              "bags,canvas,everyday-carry",
              "Color",
              "Olive:1.0,Navy:1.0",
              5200),
          new Item(
              "Tidewell Goods",
              "TWG",
              "HAT",
              "Tidewell Packable Sun Hat",
              "Hat",
              "A wide-brim hat in breathable woven paper straw that folds into a bag without"
                  + " losing its shape. An adjustable inner band keeps it on in a breeze.",
              "hats,travel,summer",
              "Size",
              "S/M:1.0,L/XL:1.0",
              3200));

  static final List<Item> HARBOR =
      List.of(
          new Item(
              "Kestrel Power",
              "KST",
              "CHG",
              "Kestrel 65W USB-C GaN Charger",
              "Charger",
              "A compact 65 W gallium nitride wall charger with two USB-C ports and one USB-A"
                  + " port. It charges a laptop and a phone at the same time, and its prongs fold"
                  + " flat for travel. Works with USB Power Delivery devices.",
              "electronics,usb-c,charger,travel",
              "Color",
              "White:1.0,Black:1.0",
              4500),
          new Item(
              "Kestrel Power",
              "KST",
              "CBL",
              "Kestrel Braided USB-C to USB-C Cable 2 m",
              "Cable",
              "A 2 m braided cable rated for 100 W charging and USB 2.0 data. The reinforced"
                  + " connectors are tested for 20,000 bends.",
              "electronics,usb-c,cable",
              "Color",
              "Graphite:1.0",
              1900),
          new Item(
              "Ironleaf Kitchen",
              "IRK",
              "KNF",
              "Ironleaf 8-Inch Chef's Knife",
              "Kitchen Knife",
              "A forged chef's knife in high-carbon stainless steel with a full tang and a"
                  + " 15-degree edge. The pakkawood handle is balanced for long prep sessions."
                  + " Hand wash and dry straight away.",
              "kitchen,knives,cooking",
              "Size",
              "8 inch:1.0",
              8900),
          new Item(
              "Ironleaf Kitchen",
              "IRK",
              "BRD",
              "Ironleaf End-Grain Cutting Board",
              "Cutting Board",
              "An end-grain acacia board that is kind to knife edges, with a juice groove on one"
                  + " side. Oil it once a month to keep it from drying out.",
              "kitchen,cutting-board,wood",
              "Size",
              "Medium:1.0,Large:1.35",
              6500),
          new Item(
              "Foxglove Paper",
              "FXP",
              "NTB",
              "Foxglove A5 Dotted Notebook",
              "Notebook",
              "A lay-flat A5 notebook with 192 numbered pages of 100 gsm dotted paper that takes"
                  + " fountain pen without bleeding. It has two ribbon markers and a back pocket.",
              "stationery,notebook,journaling",
              "Color",
              "Sage:1.0,Ink Blue:1.0,Terracotta:1.0",
              1800),
          new Item(
              "Foxglove Paper",
              "FXP",
              "PEN",
              "Foxglove Gel Pen Set",
              "Pens",
              "A set of six 0.5 mm gel pens in muted colors with quick-drying ink that doesn't"
                  + " smudge for left-handed writers.",
              "stationery,pens",
              "Color",
              "Muted Six:1.0",
              1400));

  /** The item as a product spec; {@code seq} numbers its SKU codes. */
  static ProductSpec spec(Item item, int seq, Rng rng) {
    List<Kind.Option> options = new ArrayList<>();
    for (String o : item.options().split(",")) {
      int colon = o.lastIndexOf(':');
      options.add(
          new Kind.Option(o.substring(0, colon), Double.parseDouble(o.substring(colon + 1))));
    }
    List<String> tags = new ArrayList<>(List.of(item.tags().split(",")));
    boolean onSale = rng.chance(0.15);
    if (onSale) {
      tags.add("sale");
    }
    return new ProductSpec(
        item.vendor(),
        item.skuPrefix(),
        item.kindCode(),
        item.title(),
        item.description(),
        item.productType(),
        Category.OTHER,
        List.copyOf(tags),
        List.of(),
        null,
        List.of(),
        List.of(),
        item.optionName(),
        List.copyOf(options),
        item.usdCents(),
        onSale,
        "active",
        seq,
        List.of(),
        null,
        null);
  }
}
