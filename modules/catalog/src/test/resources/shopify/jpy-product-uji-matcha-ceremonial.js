{
  "id": 7000000000001,
  "title": "宇治抹茶 Ceremonial Matcha",
  "handle": "uji-matcha-ceremonial",
  "description": "<p>京都・宇治産の<em>一番茶</em>。</p><p>30 g 缶入り</p>",
  "published_at": "2025-11-01T10:00:00+09:00",
  "created_at": "2025-10-30T18:00:00+09:00",
  "vendor": "Kyoto Tea Works",
  "type": "Tea",
  "tags": ["matcha", "抹茶", "ceremonial"],
  "price": 3300,
  "price_min": 3300,
  "price_max": 9800,
  "available": true,
  "price_varies": true,
  "compare_at_price": 4000,
  "compare_at_price_min": 4000,
  "compare_at_price_max": 4000,
  "compare_at_price_varies": false,
  "variants": [
    {
      "id": 41000000000011,
      "title": "30 g",
      "option1": "30 g",
      "option2": null,
      "option3": null,
      "sku": "KTW-MAT-30",
      "featured_image": null,
      "available": true,
      "options": ["30 g"],
      "price": 3300,
      "compare_at_price": 4000
    },
    {
      "id": 41000000000012,
      "title": "100 g",
      "option1": "100 g",
      "option2": null,
      "option3": null,
      "sku": "KTW-MAT-100",
      "featured_image": null,
      "available": false,
      "options": ["100 g"],
      "price": 9800,
      "compare_at_price": null
    }
  ],
  "images": ["//cdn.shopify.com/s/files/1/0700/0000/0001/files/matcha.jpg?v=1"],
  "featured_image": "//cdn.shopify.com/s/files/1/0700/0000/0001/files/matcha.jpg?v=1",
  "options": [
    {"name": "Weight", "position": 1, "values": ["30 g", "100 g"]}
  ]
}
