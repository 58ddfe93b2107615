#!/usr/bin/env node
// Drives both Agent Commerce MCP doors with the official TypeScript SDK client
// (Client + StreamableHTTPClientTransport), the way a real MCP host would.
//
//   node sdk-client.mjs <base-url> [api-key]
//   env MCP_BUYER_TOKEN     a verified buyer token (X-Agent-User-JWT) for the purchase journey;
//                           without it those checks are SKIP. The journey's complete step needs the
//                           payment gates open (submission on, a test cap above the total).
//     <base-url>  e.g. http://127.0.0.1:8080   (open door <base>/mcp, keyed door <base>/commerce/mcp)
//     [api-key]   value for X-API-Key (or env MCP_API_KEY); without it the keyed-door
//                 checks that need a key are reported as SKIP
//   env MCP_TRACE=1         print every HTTP exchange (method, path, status, request headers)
//   env UCP_QUERIES="a;b"   extra search queries for the UCP minor-unit cross-check
//
// Prints "PASS <check>" / "FAIL <check>: why" / "SKIP <check>: why" per check and a closing
// "sdk-client: N passed, N failed" line; exits 1 if any check failed, 2 on usage error.
//
// To add a check: append `check('name', async () => { ... })` below; throw (or use
// assert/expect) to fail it, return a string to print it after PASS.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [baseArg, keyArg] = process.argv.slice(2);
if (!baseArg || baseArg === '-h' || baseArg === '--help') {
  console.error('usage: node sdk-client.mjs <base-url> [api-key]   (e.g. http://127.0.0.1:8080 secret)');
  process.exit(2);
}
const BASE = baseArg.replace(/\/+$/, '');
const OPEN_URL = `${BASE}/mcp`;
const KEYED_URL = `${BASE}/commerce/mcp`;
const API_KEY = keyArg ?? process.env.MCP_API_KEY ?? '';
const UCP_AGENT = 'profile="https://agent.example/profile"';
const OPEN_TOOLS = ['search_catalog', 'get_product', 'get_alternatives', 'get_intel'];
// The keyed door's fourteen, in the order tools/list answers (spec 4.10).
const KEYED_TOOLS = ['search_catalog', 'get_product', 'get_alternatives', 'get_offers', 'get_intel',
  'recommend_products', 'create_checkout_session', 'update_checkout_session', 'get_checkout_session',
  'complete_checkout_session', 'create_payment_link', 'cancel_checkout_session', 'get_order',
  'request_after_sales'];
const UCP_TOOLS = ['search_catalog', 'lookup_catalog', 'get_product', 'create_checkout', 'get_checkout',
  'update_checkout', 'complete_checkout', 'cancel_checkout'];
const BUYER_TOKEN = process.env.MCP_BUYER_TOKEN ?? '';
const QUERY = 'vitamin c serum';
const TIMEOUT_MS = 20_000;
const TRACE = process.env.MCP_TRACE === '1';

// ---------------------------------------------------------------- helpers

/** fetch that can print each exchange; the SDK sends every request through it. */
function tracingFetch(label) {
  return async (url, init = {}) => {
    const res = await fetch(url, init);
    if (TRACE) {
      const h = Object.fromEntries(new Headers(init.headers ?? {}).entries());
      if (h['x-api-key']) h['x-api-key'] = '***';
      console.log(`  [${label}] ${init.method ?? 'GET'} ${new URL(url).pathname} -> ${res.status} ${res.headers.get('content-type') ?? ''} req-headers=${JSON.stringify(h)}`);
    }
    return res;
  };
}

/**
 * Connects a fresh SDK client. `headers` go on every HTTP request (requestInit.headers).
 * Transport-level errors the SDK reports out of band (e.g. a failed GET SSE probe) are
 * collected in `conn.transportErrors`.
 */
async function connect(url, { headers = {}, label = 'client' } = {}) {
  const transportErrors = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: tracingFetch(label),
  });
  const client = new Client({ name: 'agent-commerce-sdk-check', version: '1.0.0' });
  client.onerror = (e) => transportErrors.push(e);
  await client.connect(transport, { timeout: TIMEOUT_MS });
  return { client, transport, transportErrors, close: () => client.close().catch(() => {}) };
}

const call = (conn, name, args) => conn.client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS });

/** The first text content item parsed as JSON. */
function textJson(result, what) {
  const text = (result.content ?? []).find((c) => c.type === 'text')?.text;
  assert.ok(typeof text === 'string', `${what}: no text content in ${JSON.stringify(result).slice(0, 300)}`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what}: text content is not JSON (${e.message}): ${text.slice(0, 200)}`);
  }
}

/** content[0].text parsed as JSON (the keyed door's contract). */
function firstTextJson(result, what) {
  assert.ok(!result.isError, `${what}: isError result: ${JSON.stringify(result.content).slice(0, 300)}`);
  const first = result.content?.[0];
  assert.ok(first?.type === 'text', `${what}: content[0] is not text: ${JSON.stringify(first).slice(0, 200)}`);
  return textJson({ content: [first] }, what);
}

/** Where a product keeps its price; change here if the payload moves it. */
const priceOf = (p) => p?.price;
/** A UCP product's price: the low end of its price_range (UCP shopping/types/product.json). */
const ucpPriceOf = (p) => p?.price_range?.min;

function assertMajorPrice(p, where) {
  const price = priceOf(p);
  assert.ok(price && typeof price === 'object', `${where}: product ${p?.product_id} has no price object`);
  assert.equal(typeof price.amount, 'number', `${where}: product ${p.product_id} price.amount is not a number: ${JSON.stringify(price)}`);
  assert.ok(typeof price.currency === 'string' && /^[A-Z]{3}$/.test(price.currency), `${where}: product ${p.product_id} price.currency is not an ISO code: ${JSON.stringify(price)}`);
}

/** ISO 4217 minor-unit digits as the platform's Intl knows them (USD 2, JPY 0, ...). */
const minorDigits = (currency) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;

const names = (tools) => tools.map((t) => t.name).sort();

// ---------------------------------------------------------------- check runner

const results = [];
const state = {};
function check(name, fn, { needs = [] } = {}) {
  results.push({ name, fn, needs });
}

async function runAll() {
  let passed = 0;
  let failed = 0;
  const failedNames = new Set();
  for (const { name, fn, needs } of results) {
    const missing = needs.find((n) => (typeof n === 'function' ? !n() : failedNames.has(n) || !state[n]));
    if (missing !== undefined) {
      const why = typeof missing === 'function' ? (missing.why ?? 'precondition not met') : `needs '${missing}'`;
      console.log(`SKIP ${name}: ${why}`);
      continue;
    }
    try {
      const note = await fn();
      state[name] = true;
      passed++;
      console.log(`PASS ${name}${note ? ` (${note})` : ''}`);
    } catch (e) {
      failed++;
      failedNames.add(name);
      const cause = e?.cause ? ` (cause: ${e.cause.code ?? e.cause.message ?? e.cause})` : '';
      console.log(`FAIL ${name}: ${String(e?.message ?? e).split("\n")[0]}${cause}`);
    }
  }
  for (const conn of [state.open, state.keyed, state.ucp, state.buyer]) if (conn) await conn.close();
  console.log(`sdk-client: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const haveKey = Object.assign(() => API_KEY !== '', { why: 'no api key given (2nd argument or MCP_API_KEY)' });

// ---------------------------------------------------------------- (a) open door

check('open: initialize', async () => {
  state.open = await connect(OPEN_URL, { label: 'open' });
  const info = state.open.client.getServerVersion();
  assert.ok(info?.name, 'initialize result has no serverInfo.name');
  return `server ${info.name} ${info.version}, protocol ${state.open.transport.protocolVersion}`;
});

check('open: tools/list has exactly the 4 tools', async () => {
  const { tools } = await state.open.client.listTools(undefined, { timeout: TIMEOUT_MS });
  state.openTools = tools;
  assert.deepEqual(names(tools), [...OPEN_TOOLS].sort(), `tool names: ${names(tools).join(', ')}`);
}, { needs: ['open: initialize'] });

check('open: every tool has inputSchema.additionalProperties=false and annotations.readOnlyHint', async () => {
  for (const t of state.openTools) {
    assert.equal(t.inputSchema?.type, 'object', `${t.name}: inputSchema.type is not "object"`);
    assert.equal(t.inputSchema?.additionalProperties, false, `${t.name}: inputSchema.additionalProperties is ${JSON.stringify(t.inputSchema?.additionalProperties)}, want false`);
    assert.equal(t.annotations?.readOnlyHint, true, `${t.name}: annotations.readOnlyHint is ${JSON.stringify(t.annotations?.readOnlyHint)}, want true`);
  }
}, { needs: ['open: tools/list has exactly the 4 tools'] });

check(`open: search_catalog {query:"${QUERY}"} -> structuredContent.products with prices, text = same JSON`, async () => {
  const r = await call(state.open, 'search_catalog', { query: QUERY });
  assert.ok(!r.isError, `isError result: ${JSON.stringify(r.content).slice(0, 300)}`);
  const sc = r.structuredContent;
  assert.ok(sc && Array.isArray(sc.products), `structuredContent.products missing: ${JSON.stringify(r).slice(0, 300)}`);
  assert.ok(sc.products.length > 0, 'structuredContent.products is empty');
  sc.products.forEach((p, i) => assertMajorPrice(p, `products[${i}]`));
  assert.deepEqual(textJson(r, 'search_catalog'), sc, 'text content JSON differs from structuredContent');
  state.firstProductId = sc.products[0].product_id;
  assert.ok(state.firstProductId, 'products[0].product_id missing');
  return `${sc.products.length} products, first ${state.firstProductId}`;
}, { needs: ['open: initialize'] });

check('open: get_product(first product_id) -> merchant_id and variants[]', async () => {
  const r = await call(state.open, 'get_product', { product_id: state.firstProductId });
  assert.ok(!r.isError, `isError result: ${JSON.stringify(r.content).slice(0, 300)}`);
  const body = r.structuredContent ?? textJson(r, 'get_product');
  const product = body.product ?? body;
  assert.ok(product.merchant_id, `no merchant_id in ${JSON.stringify(body).slice(0, 300)}`);
  assert.ok(Array.isArray(product.variants), `no variants[] in ${JSON.stringify(body).slice(0, 300)}`);
  if (r.structuredContent) assert.deepEqual(textJson(r, 'get_product'), r.structuredContent, 'text content JSON differs from structuredContent');
  return `merchant ${product.merchant_id}, ${product.variants.length} variants`;
}, { needs: [`open: search_catalog {query:"${QUERY}"} -> structuredContent.products with prices, text = same JSON`] });

check('open: no out-of-band transport errors (e.g. the GET SSE probe must get 405 or an SSE stream)', async () => {
  await new Promise((r) => setTimeout(r, 200)); // the SDK's GET probe is fire-and-forget
  const errs = state.open.transportErrors;
  assert.equal(errs.length, 0, errs.map((e) => e.message).join(' | '));
}, { needs: ['open: initialize'] });

// ---------------------------------------------------------------- (b) keyed door without key

check('keyed: connecting without X-API-Key fails with HTTP 401', async () => {
  let conn;
  try {
    conn = await connect(KEYED_URL, { label: 'keyed-nokey' });
  } catch (e) {
    const is401 = (e instanceof StreamableHTTPError && e.code === 401) || /\b401\b|unauthori[sz]ed/i.test(String(e?.message));
    assert.ok(is401, `connect failed, but not with 401: ${e?.constructor?.name} code=${e?.code} ${e?.message}`);
    return `${e.constructor.name} code=${e.code}: ${String(e.message).slice(0, 120)}`;
  }
  await conn.close();
  throw new Error('connect succeeded without a key');
});

// ---------------------------------------------------------------- (c) keyed door with key

check('keyed: initialize with X-API-Key', async () => {
  state.keyed = await connect(KEYED_URL, { headers: { 'X-API-Key': API_KEY }, label: 'keyed' });
  return `protocol ${state.keyed.transport.protocolVersion}`;
}, { needs: [haveKey] });

check('keyed: tools/list has exactly the 14 tools, in the spec\'s order', async () => {
  const { tools } = await state.keyed.client.listTools(undefined, { timeout: TIMEOUT_MS });
  const got = tools.map((t) => t.name);
  assert.deepEqual(got, KEYED_TOOLS, `tools: ${got.join(', ')}`);
  for (const t of tools) assert.equal(t.inputSchema?.additionalProperties, false, `${t.name}: additionalProperties`);
  state.keyedTools = got;
  return got.join(', ');
}, { needs: ['keyed: initialize with X-API-Key'] });

const recommendListed = Object.assign(() => state.keyedTools?.includes('recommend_products') === true, {
  why: 'recommend_products is not listed (no Recommendations service deployed)',
});

check(`keyed: search_catalog -> content[0].text is JSON with products`, async () => {
  const body = firstTextJson(await call(state.keyed, 'search_catalog', { query: QUERY }), 'search_catalog');
  assert.ok(Array.isArray(body.products) && body.products.length > 0, `no products in ${JSON.stringify(body).slice(0, 300)}`);
  body.products.forEach((p, i) => assertMajorPrice(p, `products[${i}]`));
  return `${body.products.length} products`;
}, { needs: ['keyed: initialize with X-API-Key'] });

check('keyed: recommend_products {price_max:30} -> every product priced <= 30', async () => {
  const body = firstTextJson(await call(state.keyed, 'recommend_products', {
    need: 'fragrance-free moisturiser for dry skin',
    constraints: { price_max: 30 },
  }), 'recommend_products');
  const products = body.products ?? body.recommendations;
  assert.ok(Array.isArray(products) && products.length > 0, `no products in ${JSON.stringify(body).slice(0, 300)}`);
  for (const p of products) {
    const item = p.product ?? p;
    assertMajorPrice(item, 'recommend_products');
    assert.ok(priceOf(item).amount <= 30, `product ${item.product_id} costs ${JSON.stringify(priceOf(item))} > 30`);
  }
  return `${products.length} products, max ${Math.max(...products.map((p) => priceOf(p.product ?? p).amount))}`;
}, { needs: ['keyed: initialize with X-API-Key', recommendListed] });

// ---------------------------------------------------------------- (d) UCP dialect on the keyed door

check('ucp: initialize with X-API-Key and UCP-Agent header', async () => {
  state.ucp = await connect(KEYED_URL, { headers: { 'X-API-Key': API_KEY, 'UCP-Agent': UCP_AGENT }, label: 'ucp' });
}, { needs: [haveKey] });

check('ucp: tools/list has exactly the catalog and checkout tools (no recommend_products, no create_payment_link)', async () => {
  const { tools } = await state.ucp.client.listTools(undefined, { timeout: TIMEOUT_MS });
  const got = tools.map((t) => t.name);
  assert.deepEqual(got, UCP_TOOLS, `UCP tools: ${got.join(', ')}`);
  for (const t of tools) assert.ok(t.inputSchema?.properties?.meta, `${t.name}: no meta argument in the UCP input schema`);
  return got.join(', ');
}, { needs: ['ucp: initialize with X-API-Key and UCP-Agent header'] });

check('ucp: search_catalog prices are integer minor units (cross-checked with the standard dialect)', async () => {
  const queries = [QUERY, 'serum', 'cream', ...(process.env.UCP_QUERIES ?? '').split(';').filter(Boolean)];
  let compared = 0;
  let ucpSeen = 0;
  const currenciesChecked = new Set();
  for (const query of queries) {
    const ucpBody = firstTextJson(await call(state.ucp, 'search_catalog', { query }), `ucp search_catalog(${query})`);
    const stdBody = state.keyed
      ? firstTextJson(await call(state.keyed, 'search_catalog', { query }), `search_catalog(${query})`)
      : { products: [] };
    const major = new Map((stdBody.products ?? []).map((p) => [p.product_id, priceOf(p)]));
    for (const p of ucpBody.products ?? []) {
      ucpSeen++;
      const price = ucpPriceOf(p);
      assert.ok(Number.isInteger(price?.amount), `query "${query}": product ${p.id} price_range.min.amount is not an integer: ${JSON.stringify(price)}`);
      for (const v of p.variants ?? []) {
        assert.ok(Number.isInteger(v.price?.amount), `query "${query}": product ${p.id} variant ${v.id} amount is not an integer: ${JSON.stringify(v.price)}`);
      }
      const m = major.get(p.id);
      if (!m) continue;
      assert.equal(price.currency, m.currency, `product ${p.id}: currency differs between dialects`);
      const want = Math.round(m.amount * 10 ** minorDigits(m.currency));
      assert.equal(price.amount, want, `product ${p.id}: UCP amount ${price.amount} ${price.currency}, standard ${m.amount} -> expected ${want}`);
      compared++;
      currenciesChecked.add(m.currency);
    }
  }
  assert.ok(ucpSeen > 0, 'UCP search_catalog returned no products for any query');
  const both = currenciesChecked.has('JPY') && currenciesChecked.has('USD');
  return `${ucpSeen} UCP prices integers; ${compared} cross-checked in ${[...currenciesChecked].join('/') || 'no currency'}` +
    (both ? ' (JPY = major, USD = major*100 verified)' : ' (JPY and USD not both found: integer check only for the missing one)');
}, { needs: ['ucp: initialize with X-API-Key and UCP-Agent header'] });

check('ucp: lookup_catalog {catalog:{ids}} (UCP binding, meta.ucp-agent) returns the products with integer prices', async () => {
  const found = firstTextJson(await call(state.keyed, 'search_catalog', { query: 'cream' }), 'search_catalog(cream)');
  const ids = found.products.slice(0, 3).map((p) => p.product_id);
  assert.ok(ids.length > 0, 'no products to look up');
  // No UCP-Agent header here: UCP's own MCP binding names the agent in arguments.meta.
  const body = firstTextJson(await call(state.keyed, 'lookup_catalog', {
    meta: { 'ucp-agent': { profile: 'https://agent.example/profile' } },
    catalog: { ids: [...ids, 'prod_does_not_exist'] },
  }), 'lookup_catalog');
  assert.deepEqual(body.products.map((p) => p.id).sort(), [...ids].sort(), `looked up ${ids.join(', ')}`);
  for (const p of body.products) {
    for (const v of p.variants) {
      assert.ok(Number.isInteger(v.price?.amount), `${p.id} variant ${v.id}: ${JSON.stringify(v.price)}`);
      assert.ok(Array.isArray(v.inputs) && v.inputs.length > 0, `${p.id} variant ${v.id} has no inputs`);
    }
  }
  assert.ok((body.messages ?? []).some((m) => m.code === 'not_found'), 'the unknown id is not reported in messages');
  return `${body.products.length} products`;
}, { needs: ['keyed: initialize with X-API-Key'] });

// ---------------------------------------------------------------- (d) a whole purchase, keyed door

const haveBuyer = Object.assign(() => API_KEY !== '' && BUYER_TOKEN !== '', {
  why: 'no buyer token (env MCP_BUYER_TOKEN) or no api key',
});
const key = (what) => `sdk-${what}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
const ADDRESS = { name: 'Ada Buyer', address_line1: '1 Main St', city: 'New York', state: 'NY', postal_code: '10001', country: 'US' };

check('buy: connect to the keyed door with X-API-Key and X-Agent-User-JWT', async () => {
  state.buyer = await connect(KEYED_URL, { headers: { 'X-API-Key': API_KEY, 'X-Agent-User-JWT': BUYER_TOKEN }, label: 'buyer' });
}, { needs: [haveBuyer] });

check('buy: without the buyer token create_checkout_session is USER_AUTH_REQUIRED', async () => {
  const r = await call(state.keyed, 'create_checkout_session', {
    idempotency_key: key('noauth'), quote: { merchant_id: 'merch_x', items: [{ product_id: 'prod_x', quantity: 1 }] },
  });
  assert.equal(r.isError, true);
  assert.equal(textJson(r, 'refusal').error.code, 'USER_AUTH_REQUIRED');
}, { needs: ['keyed: initialize with X-API-Key'] });

check('buy: search -> create_checkout_session -> a locked total in minor units', async () => {
  const found = firstTextJson(await call(state.buyer, 'search_catalog', { query: 'serum', currency: 'USD', in_stock_only: true, page_size: 20 }), 'search');
  let session;
  for (const p of found.products) {
    const product = firstTextJson(await call(state.buyer, 'get_product', { product_id: p.product_id }), 'get_product');
    const variant = product.variants?.find((v) => v.in_stock !== false) ?? product.variants?.[0];
    const r = await call(state.buyer, 'create_checkout_session', {
      idempotency_key: key('create'),
      quote: {
        merchant_id: p.merchant_id,
        items: [{ product_id: p.product_id, ...(variant ? { variant_id: variant.variant_id } : {}), quantity: 1 }],
        customer_email: 'buyer@example.com', customer_name: 'Ada Buyer', shipping_address: ADDRESS,
      },
    });
    if (!r.isError) { session = textJson(r, 'create_checkout_session'); break; }
  }
  assert.ok(session, 'no product of the search could be put in a session');
  assert.equal(session.status, 'ready_for_payment');
  for (const k of ['subtotal', 'shipping', 'tax', 'total']) assert.ok(Number.isInteger(session.totals[k]), `totals.${k} ${session.totals[k]}`);
  state.session = session;
  return `${session.session_id}: ${session.totals.total} ${session.currency} minor units`;
}, { needs: ['buy: connect to the keyed door with X-API-Key and X-Agent-User-JWT'] });

check('buy: create_payment_link -> awaiting_payment order with a hosted checkout_url', async () => {
  const link = firstTextJson(await call(state.buyer, 'create_payment_link', { idempotency_key: key('link'), session_id: state.session.session_id }), 'create_payment_link');
  assert.equal(link.status, 'awaiting_payment');
  assert.match(link.checkout_url, /\/checkout\/ci_[A-Za-z0-9]+#token=ct_/);
  assert.equal(link.amount_total, state.session.totals.total);
  state.orderId = link.order_id;
  return link.order_id;
}, { needs: ['buy: search -> create_checkout_session -> a locked total in minor units'] });

check('buy: complete_checkout_session (gates open) pays that order once', async () => {
  const args = { idempotency_key: key('complete'), session_id: state.session.session_id, payment_data: { provider: 'sandbox', token: 'tok_visa' } };
  const done = firstTextJson(await call(state.buyer, 'complete_checkout_session', args), 'complete_checkout_session');
  assert.equal(done.status, 'completed');
  assert.equal(done.order_id, state.orderId);
  const again = firstTextJson(await call(state.buyer, 'complete_checkout_session', args), 'complete again');
  assert.equal(again.payment_id, done.payment_id, 'a repeat must replay, not charge again');
  return `${done.payment_id} via ${done.psp_used}`;
}, { needs: ['buy: create_payment_link -> awaiting_payment order with a hosted checkout_url'] });

check('buy: get_order shows the paid order', async () => {
  const { order } = firstTextJson(await call(state.buyer, 'get_order', { order_id: state.orderId }), 'get_order');
  assert.equal(order.order_id, state.orderId);
  assert.ok(['merchant_confirming', 'confirmed', 'fulfilled'].includes(order.state), `state ${order.state}`);
  return order.state;
}, { needs: ['buy: complete_checkout_session (gates open) pays that order once'] });

check('buy: request_after_sales refund -> refunded', async () => {
  const r = firstTextJson(await call(state.buyer, 'request_after_sales', {
    idempotency_key: key('refund'), order_id: state.orderId, requested_action: 'refund', reason: 'changed my mind',
  }), 'request_after_sales');
  assert.equal(r.status, 'refunded');
  const { order } = firstTextJson(await call(state.buyer, 'get_order', { order_id: state.orderId }), 'get_order');
  assert.equal(order.state, 'refunded');
  return `${r.refund.amount} ${r.refund.currency}`;
}, { needs: ['buy: get_order shows the paid order'] });

await runAll();
