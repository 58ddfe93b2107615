// The hosted checkout pages in a real browser (Debian's chromium, headless, through playwright-core),
// against a running server: node hosted-pages.mjs <base-url> <api-key> <screenshot-dir>
//
// Each journey is what a buyer does after their agent hands them a link; each asserts on what the
// buyer sees and, over REST, on what the server then holds (the order paid, charged once).
// Screenshots of every page at 1280 px and 375 px land in <screenshot-dir>.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';

const [base, apiKey, shots] = process.argv.slice(2);
if (!base || !apiKey || !shots) {
  console.error('usage: node hosted-pages.mjs <base-url> <api-key> <screenshot-dir>');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

const LUMEN = 'merch_7c1e4a9d2b5f3e80';
const SINGLE = 'prod_aecc96e30d0fbb41'; // 21.00 USD, one variant
const ADDRESS = {
  name: 'Ada Lovelace', address_line1: '1 Main St', city: 'New York', state: 'NY',
  postal_code: '10001', country: 'US',
};
const CARDS = {
  good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDS: '4000 0027 6000 3184',
};

async function api(method, path, body, headers = {}) {
  const res = await fetch(base + path, {
    method,
    headers: Object.assign({ 'content-type': 'application/json', 'x-api-key': apiKey }, headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  return { status: res.status, data };
}
let buyerCount = 0;
async function buyerToken() {
  const r = await api('POST', '/agent/v1/dev/buyer-tokens', { subject: 'browser-buyer-' + Date.now() + '-' + (buyerCount++) });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  return r.data.token;
}
/** A hosted session (quote-bound): the buyer gives address and card on the page. */
async function hostedSession(buyer, quantity = 1) {
  const r = await api('POST', '/agent/v1/checkout/acp-session',
    { merchant_id: LUMEN, items: [{ id: SINGLE, quantity }], return_url: 'https://agent.example/done' },
    { 'x-agent-user-jwt': buyer });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  return r.data;
}
/** An order with its address, then an intent for it (order-bound). */
async function orderIntent(buyer) {
  const o = await api('POST', '/agent/v1/orders/create',
    { merchant_id: LUMEN, items: [{ product_id: SINGLE, quantity: 1 }], customer_email: 'ada@example.com', shipping_address: ADDRESS, currency: 'USD' },
    { 'x-agent-user-jwt': buyer });
  assert.equal(o.status, 200, JSON.stringify(o.data));
  const i = await api('POST', '/agent/v1/checkout/intents',
    { items: [{ product_id: SINGLE, merchant_id: LUMEN, quantity: 1 }], order_id: o.data.order_id, return_url: 'https://agent.example/back' },
    { 'x-agent-user-jwt': buyer });
  assert.equal(i.status, 200, JSON.stringify(i.data));
  return i.data;
}
async function orderStatus(orderId) {
  const r = await api('GET', '/agent/v1/orders/' + orderId);
  assert.equal(r.status, 200);
  return r.data.order.status;
}
/** The checkout_url on this server (the server may know itself under another loopback name). */
function local(url) {
  const u = new URL(url);
  return base + u.pathname + u.search + u.hash;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const results = [];
const consoleErrors = [];

async function journey(name, fn) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => consoleErrors.push(name + ': ' + e.message));
  // A refused call (401, 409, 410) is logged by the browser as a failed resource: expected here.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) consoleErrors.push(name + ': ' + m.text());
  });
  const t0 = Date.now();
  try {
    await fn(page);
    results.push({ name, ok: true, ms: Date.now() - t0 });
    console.log('PASS', name, (Date.now() - t0) + ' ms');
  } catch (e) {
    results.push({ name, ok: false });
    console.log('FAIL', name, '\n ', e.stack || e.message);
    await page.screenshot({ path: `${shots}/FAILED-${name}.png`, fullPage: true }).catch(() => {});
  } finally {
    await context.close();
  }
}

/** Screenshots of the page as it is now, wide and phone-narrow; the narrow one must not scroll sideways. */
async function snap(page, name) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shots}/${name}-375.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 375, `${name}: ${overflow}px wide at a 375px viewport`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every form control has a label the browser resolves (its accessible name is not empty). */
async function labelled(page) {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input, select, button')]
      .filter((e) => e.type !== 'hidden')
      .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !(e.textContent || '').trim())
      .map((e) => e.name || e.id || e.outerHTML.slice(0, 60)));
  assert.deepEqual(unlabelled, [], 'controls without a label');
}

async function fillDetails(page) {
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Full name').fill(ADDRESS.name);
  await page.getByLabel('Address', { exact: true }).fill(ADDRESS.address_line1);
  await page.getByLabel('City').fill(ADDRESS.city);
  await page.getByLabel('State or region').fill(ADDRESS.state);
  await page.getByLabel('Postal code').fill(ADDRESS.postal_code);
  await page.getByLabel('Country code').fill(ADDRESS.country);
}
async function fillCard(page, number) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}
async function confirmed(page) {
  await page.getByRole('heading', { name: /your payment went through/ }).waitFor({ timeout: 20000 });
  return (await page.locator('#order-number').textContent()).trim();
}

// Made first: its link is opened last, after its token (AC_CHECKOUT_TOKEN_TTL) has run out.
const expiring = await orderIntent(await buyerToken());
// expires_at is Unix seconds (the origin service's form, issue 38).
const expiringAt = expiring.expires_at * 1000;

await journey('pay-with-a-test-card', async (page) => {
  const s = await hostedSession(await buyerToken(), 2);
  await page.goto(local(s.checkout_url));
  await page.getByRole('heading', { name: 'Contact and delivery' }).waitFor();
  assert.ok(!page.url().includes('#token='), 'the token leaves the address bar');
  assert.ok(!page.url().includes('ct_'), 'no token in the address');
  await labelled(page);
  await snap(page, 'checkout-details');
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  const total = (await page.locator('#total').textContent()).trim();
  // 2 x 21.00 plus New York's shipping and tax, as the server priced it.
  const amount = Number(total.replace(/[^0-9.]/g, ''));
  assert.ok(amount > 42, 'the total with shipping and tax, from the server: ' + total);
  assert.match(await page.locator('#totals').textContent(), /Shipping.*Tax/s);
  assert.match(await page.locator('#pay-button').textContent(), new RegExp(total.replace('$', '\\$')));
  await labelled(page);
  await snap(page, 'checkout-payment');
  await fillCard(page, CARDS.good);
  await page.locator('#pay-button').click();
  const orderId = await confirmed(page);
  assert.match(orderId, /^ord_/);
  assert.equal(await page.getByRole('link', { name: 'Back to your assistant' }).getAttribute('href'), 'https://agent.example/done');
  await snap(page, 'confirmation');
  assert.equal(await orderStatus(orderId), 'paid');
  // The same link again, opened afresh (a new tab): already paid, nothing more to do.
  const again = await page.context().newPage();
  await again.goto(local(s.checkout_url));
  await again.getByRole('heading', { name: 'This checkout is already paid' }).waitFor();
  assert.match(await again.locator('main').textContent(), new RegExp(orderId));
  await snap(again, 'error-already-paid');
});

await journey('declined-then-a-good-card', async (page) => {
  const i = await orderIntent(await buyerToken());
  await page.goto(local(i.checkout_url));
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  assert.match(await page.locator('#ship-to').textContent(), /1 Main St/);
  await fillCard(page, CARDS.declined);
  await page.locator('#pay-button').click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /declined.*Try another card/);
  await snap(page, 'error-declined');
  assert.equal(await orderStatus(i.order_id), 'payment_failed');
  await fillCard(page, CARDS.good);
  await page.locator('#pay-button').click();
  assert.equal(await confirmed(page), i.order_id);
  assert.equal(await orderStatus(i.order_id), 'paid');
});

for (const answer of ['Approve', 'Fail']) {
  await journey('3ds-' + answer.toLowerCase(), async (page) => {
    const i = await orderIntent(await buyerToken());
    await page.goto(local(i.checkout_url));
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await fillCard(page, CARDS.threeDS);
    await page.locator('#pay-button').click();
    await page.getByRole('heading', { name: /confirm this payment/ }).waitFor({ timeout: 15000 });
    // The link's secret moved from the address into the form: the answer needs it.
    assert.ok(await page.locator('#secret').inputValue(), 'the challenge secret is in the form');
    assert.equal(new URL(page.url()).hash, '', 'the secret left the address bar');
    if (answer === 'Approve') await snap(page, 'sandbox-3ds-challenge');
    await page.getByRole('button', { name: answer }).click();
    if (answer === 'Approve') {
      assert.equal(await confirmed(page), i.order_id);
      assert.equal(await orderStatus(i.order_id), 'paid');
    } else {
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 20000 });
      assert.match(await alert.textContent(), /could not confirm|declined/);
      assert.equal(await orderStatus(i.order_id), 'payment_failed');
    }
  });
}

await journey('keyboard-only-payment', async (page) => {
  const i = await orderIntent(await buyerToken());
  await page.goto(local(i.checkout_url));
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  // Tab to each field (never a click), type, and submit with Enter.
  async function tabTo(name) {
    for (let n = 0; n < 40; n++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement && document.activeElement.name);
      if (focused === name) {
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
        assert.notEqual(outline, 'none', 'visible focus on ' + name);
        return;
      }
    }
    throw new Error('could not reach ' + name + ' with Tab');
  }
  await tabTo('number');
  await page.keyboard.type('4242424242424242');
  await tabTo('expiry');
  await page.keyboard.type('12/34');
  await tabTo('cvc');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  assert.equal(await confirmed(page), i.order_id);
});

await journey('field-errors-are-tied-to-fields', async (page) => {
  const s = await hostedSession(await buyerToken());
  await page.goto(local(s.checkout_url));
  await page.getByRole('heading', { name: 'Contact and delivery' }).waitFor();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const email = page.getByLabel('Email');
  assert.equal(await email.getAttribute('aria-invalid'), 'true');
  const described = await email.getAttribute('aria-describedby');
  const errId = described.split(' ').find((x) => x.endsWith('-error'));
  assert.match(await page.locator('#' + errId).textContent(), /email address/);
  assert.equal(await page.evaluate(() => document.activeElement.name), 'customer_email', 'focus on the first bad field');
  await snap(page, 'error-fields');
});

await journey('hil-approval-page', async (page) => {
  const buyer = await buyerToken();
  const o = await api('POST', '/agent/v1/orders/create',
    { merchant_id: LUMEN, items: [{ product_id: SINGLE, quantity: 13 }], customer_email: 'ada@example.com', currency: 'USD' },
    { 'x-agent-user-jwt': buyer });
  assert.equal(o.status, 200);
  const body = { order_id: o.data.order_id, payment_method: { type: 'card', token: 'tok_visa' } };
  const asked = await api('POST', '/agent/v1/payments', body, { 'x-agent-user-jwt': buyer });
  assert.equal(asked.status, 409);
  const approval = asked.data.detail.approval;
  await page.goto(local(approval.approve_url));
  await page.getByRole('heading', { name: /approve a payment/ }).waitFor();
  assert.match(await page.locator('#decision-amount').textContent(), /\$273\.00/);
  assert.match(await page.locator('#decision-facts').textContent(), /browser-check/);
  await labelled(page);
  await snap(page, 'hil-approval');
  await page.getByRole('button', { name: 'Approve this payment' }).click();
  await page.getByRole('heading', { name: 'Approved' }).waitFor();
  await snap(page, 'hil-approved');
  const paid = await api('POST', '/agent/v1/payments', body, { 'x-agent-user-jwt': buyer, 'x-hil-approval': approval.approval_id });
  assert.equal(paid.status, 200, JSON.stringify(paid.data));
  assert.equal(paid.data.status, 'succeeded');
  // The link again, opened afresh: answered, and used.
  const again = await page.context().newPage();
  await again.goto(local(approval.approve_url));
  await again.getByRole('heading', { name: 'Already answered' }).waitFor();
  assert.match(await again.locator('main').textContent(), /approved and used/);
});

await journey('mandate-confirmation-page', async (page) => {
  const buyer = await buyerToken();
  const m = await api('POST', '/agent/v1/mandates',
    { currency: 'USD', max_amount: '40.00', confirmation: 'always', payment_method: { type: 'card', token: 'pm_card_visa' } },
    { 'x-agent-user-jwt': buyer, 'idempotency-key': 'mdt-' + Date.now() });
  assert.equal(m.status, 200, JSON.stringify(m.data));
  const a = await api('POST', '/agent/v1/payments/authorize',
    { mandate_id: m.data.mandate_id, amount: '40.00', currency: 'USD', merchant_context: { merchant_id: LUMEN } });
  assert.equal(a.status, 200, JSON.stringify(a.data));
  assert.equal(a.data.status, 'requires_user_confirmation');
  await page.goto(local(a.data.confirm_url));
  await page.getByRole('heading', { name: /confirm a payment from your mandate/ }).waitFor();
  assert.match(await page.locator('#decision-amount').textContent(), /\$40\.00/);
  await snap(page, 'mandate-confirmation');
  await page.getByRole('button', { name: 'Confirm this payment' }).click();
  await page.getByRole('heading', { name: 'Approved' }).waitFor();
});

await journey('expired-link', async (page) => {
  const wait = expiringAt - Date.now() + 1500;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  await page.goto(local(expiring.checkout_url));
  await page.getByRole('heading', { name: 'This checkout link has expired' }).waitFor();
  await snap(page, 'error-expired');
});

await journey('incomplete-link', async (page) => {
  const i = await orderIntent(await buyerToken());
  await page.goto(local(i.checkout_url.split('#')[0]));
  await page.getByRole('heading', { name: 'This checkout link is incomplete' }).waitFor();
});

await browser.close();
const passed = results.filter((r) => r.ok).length;
if (consoleErrors.length) {
  console.log('browser console errors:\n  ' + consoleErrors.join('\n  '));
}
console.log(`browser-check: ${passed} passed, ${results.length - passed} failed (screenshots in ${shots})`);
process.exit(passed === results.length && consoleErrors.length === 0 ? 0 : 1);
