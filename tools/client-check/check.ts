// Calls a running server through the client generated from its own OpenAPI document: register an
// agent, list merchants, search products, build a brief and read it back, quote and order. Any error or unexpected
// answer exits non-zero. Usage (after tsc): node build/out/check.js <base-url>
import {
  AgentApi,
  BriefsApi,
  CatalogApi,
  Configuration,
  OrdersApi,
  QuotesApi,
  ResponseError,
} from "./generated";

// The two members of Node's process used here (no @types/node needed).
declare const process: { argv: string[]; exit(code: number): never };

function expect(condition: unknown, what: string): asserts condition {
  if (!condition) {
    throw new Error(`client-check: ${what}`);
  }
}

async function main(base: string): Promise<void> {
  const open = new AgentApi(new Configuration({ basePath: base }));
  const registered = await open.agentAuth({
    agentAuthRequest: {
      agentName: "client-check",
      agentEmail: `client-check-${Date.now()}@agents.test`,
    },
  });
  expect(registered.apiKey, "register: no api_key");
  expect(registered.createdAt instanceof Date, "register: created_at is not a date-time");
  console.log(`register: ${registered.agentId}, key ${registered.keyHint}`);

  const keyed = new Configuration({ basePath: base, apiKey: registered.apiKey! });
  const catalog = new CatalogApi(keyed);
  const merchants = await catalog.listMerchants({});
  expect((merchants.merchants ?? []).length > 0, "merchants: none listed");
  console.log(`merchants: ${merchants.merchants!.map((m) => m.merchantId).join(", ")}`);

  const found = await catalog.searchProducts({ query: "serum", limit: 5 });
  expect(found.products !== undefined, "search: no products member");
  console.log(`search "serum": ${found.products!.length} product(s)`);

  const briefs = new BriefsApi(keyed);
  const built = await briefs.buildBrief({
    briefBuildRequest: { rawQuery: "fragrance-free moisturiser for dry skin under $30" },
  });
  const briefId = (built.brief as { brief_id?: string } | undefined)?.brief_id;
  expect(briefId, "brief: no brief.brief_id");
  const read = await briefs.getBrief({ briefId: briefId! });
  expect((read.brief as { brief_id?: string }).brief_id === briefId, "brief: read back differs");
  console.log(`brief: built and read back ${briefId}`);

  const quotes = new QuotesApi(keyed);
  const quote = await quotes.previewQuote({
    quotePreviewRequest: {
      merchantId: "merch_7c1e4a9d2b5f3e80",
      items: [{ productId: "prod_aecc96e30d0fbb41", quantity: 2 }],
      discountCodes: ["WELCOME10"],
      shippingAddress: { country: "US", state: "NY" },
    },
  });
  expect(quote.quoteId?.startsWith("quo_"), "quote: no quote_id");
  expect(quote.expiresAt instanceof Date, "quote: expires_at is not a date-time");
  console.log(`quote: ${quote.quoteId} total ${quote.pricing?.total} ${quote.currency}`);
  const orders = new OrdersApi(keyed);
  const order = await orders.createOrder({
    createOrderRequest: {
      quoteId: quote.quoteId!,
      customerEmail: "ada@example.com",
      shippingAddress: {
        name: "Ada",
        addressLine1: "1 Main St",
        city: "New York",
        state: "NY",
        postalCode: "10001",
        country: "US",
      },
    },
  });
  expect(order.totalAmount === quote.pricing?.total, "order: total differs from the quote's");
  const readOrder = await orders.getOrder({ orderId: order.orderId! });
  expect(readOrder.order?.status === "awaiting_payment", "order: not awaiting_payment");
  const listed = await orders.listOrders({ limit: 10 });
  expect(listed.pagination?.totalCount === 1, "orders: list does not count the order");
  console.log(`order: ${order.orderId} ${readOrder.order?.status}, listed`);

  try {
    await briefs.getBrief({ briefId: "brief_does_not_exist" });
    throw new Error("client-check: an unknown brief was found");
  } catch (e) {
    expect(e instanceof ResponseError && e.response.status === 404, `brief: expected 404, got ${e}`);
    console.log("brief: an unknown id is 404");
  }
}

main(process.argv[2] ?? "http://127.0.0.1:8080").then(
  () => console.log("client-check: passed"),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
