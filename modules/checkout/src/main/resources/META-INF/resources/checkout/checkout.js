/*
 * The hosted checkout pages (checkout, HIL approval, mandate confirmation). No framework, no
 * third-party code: everything the buyer sees is built with DOM calls and textContent, from what
 * our API answers. The page's credential travels in the address's fragment (#token=…), which the
 * browser never sends to a server; it is moved to this tab's sessionStorage and removed from the
 * address bar at once. Amounts are shown exactly as the server sends them (decimal strings).
 */
'use strict';
(function () {
  const main = document.getElementById('main');
  const page = main.dataset.page;
  const id = main.dataset.id;
  const store = window.sessionStorage;

  // ---------- small helpers ----------
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'text') e.textContent = v;
      else if (k === 'on') for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
      else if (v === true) e.setAttribute(k, '');
      else e.setAttribute(k, String(v));
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }
  function show(...nodes) {
    main.replaceChildren(...nodes);
    const h = main.querySelector('h1');
    if (h) { h.setAttribute('tabindex', '-1'); h.focus(); }
  }
  function money(amount, currency) {
    if (amount === null || amount === undefined) return '';
    try {
      // A decimal string is formatted exactly (no binary floating point involved).
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
    } catch (e) {
      return amount + ' ' + currency;
    }
  }
  function isZero(amount) { return amount === null || amount === undefined || /^0*(\.0*)?$/.test(amount); }
  function takeToken(kind) {
    const key = kind + ':' + id;
    const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (m) {
      store.setItem(key, decodeURIComponent(m[1]));
      history.replaceState(null, '', location.pathname + location.search);
    }
    return store.getItem(key);
  }
  async function api(method, path, body, headers) {
    const init = {
      method,
      headers: Object.assign({ Accept: 'application/json' }, headers || {}),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      return { status: 0, data: null };
    }
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    return { status: res.status, data };
  }
  function errorOf(r) {
    const d = r.data && r.data.detail;
    if (d && !Array.isArray(d) && typeof d === 'object') return d;
    return { error: r.status === 0 ? 'NETWORK' : 'HTTP_' + r.status, message: '' };
  }
  // 422 bodies: [{loc:["body","shipping_address","city"], msg}] -> {"shipping_address.city": msg}
  function fieldErrors(r) {
    const out = {};
    const d = r.data && r.data.detail;
    if (Array.isArray(d)) {
      for (const v of d) {
        const loc = (v.loc || []).filter((p, i) => !(i === 0 && p === 'body')).join('.');
        if (!(loc in out)) out[loc] = v.msg || 'Check this field.';
      }
    }
    return out;
  }
  function field(name, label, attrs, hint) {
    const fid = 'f-' + name.replace(/\W/g, '-');
    const input = el('input', Object.assign({ id: fid, name, type: 'text' }, attrs || {}));
    const errId = fid + '-error';
    const err = el('p', { id: errId, class: 'field-error', hidden: true });
    const hintId = hint ? fid + '-hint' : null;
    input.setAttribute('aria-describedby', [hintId, errId].filter(Boolean).join(' '));
    return el('div', { class: 'field', 'data-field': name },
      el('label', { for: fid, text: label }),
      hint ? el('p', { id: hintId, class: 'hint', text: hint }) : null,
      input, err);
  }
  function clearErrors(form) {
    for (const i of form.querySelectorAll('[aria-invalid]')) i.removeAttribute('aria-invalid');
    for (const p of form.querySelectorAll('.field-error')) { p.hidden = true; p.textContent = ''; }
    const box = form.querySelector('.form-error');
    if (box) box.remove();
  }
  function markErrors(form, errors, fallback) {
    let first = null;
    for (const [name, msg] of Object.entries(errors)) {
      const wrap = form.querySelector('[data-field="' + CSS.escape(name) + '"]');
      if (!wrap) continue;
      const input = wrap.querySelector('input, select');
      const p = wrap.querySelector('.field-error');
      input.setAttribute('aria-invalid', 'true');
      p.textContent = msg;
      p.hidden = false;
      if (!first) first = input;
    }
    if (first) { first.focus(); return true; }
    if (fallback) formError(form, fallback);
    return false;
  }
  function formError(form, message) {
    const box = el('div', { class: 'error-box form-error', role: 'alert', tabindex: '-1', text: message });
    form.prepend(box);
    box.focus();
  }
  function busy(button, on, label) {
    button.disabled = on;
    if (on) { button.dataset.label = button.textContent; button.textContent = label; }
    else if (button.dataset.label) button.textContent = button.dataset.label;
  }
  function errorPage(title, message, extra) {
    document.title = title;
    show(el('section', { class: 'panel', 'aria-labelledby': 'err-title' },
      el('h1', { id: 'err-title', text: title }),
      el('p', { text: message }),
      extra || null));
  }
  function backLink(url, label) {
    if (!url || !/^https?:\/\//i.test(url)) return null;
    return el('p', { class: 'actions' }, el('a', { class: 'button', href: url, rel: 'noreferrer', text: label || 'Back to your assistant' }));
  }

  // ---------- the checkout page ----------
  const checkout = {
    token: null,
    view: null,
    details: null, // what the buyer typed: {customer_email, customer_name, shipping_address}
    headers() { return { 'X-Checkout-Token': this.token }; },

    async start() {
      this.token = takeToken('ct');
      if (!this.token) {
        return errorPage('This checkout link is incomplete',
          'The link is missing its security code. Ask your assistant for a new checkout link.');
      }
      const saved = store.getItem('details:' + id);
      if (saved) this.details = JSON.parse(saved);
      const params = new URLSearchParams(location.search);
      if (params.get('step') === 'authenticated') {
        history.replaceState(null, '', location.pathname);
        await api('POST', '/agent/v1/checkout/hosted/refresh', undefined, this.headers());
        return this.poll(0);
      }
      return this.load();
    },

    async load() {
      const r = await api('GET', '/agent/v1/checkout/hosted', undefined, this.headers());
      if (r.status === 200) return this.render(r.data);
      return this.failed(r);
    },

    failed(r) {
      const e = errorOf(r);
      if (e.error === 'CHECKOUT_TOKEN_USED') {
        if (store.getItem('paying:' + id)) return this.confirmation(e.order_id, e.return_url);
        return errorPage('This checkout is already paid',
          'The order' + (e.order_id ? ' ' + e.order_id : '') + ' was paid with this link, which now opens nothing more. Nothing else will be charged.',
          backLink(e.return_url));
      }
      if (e.error === 'CHECKOUT_TOKEN_EXPIRED') {
        return errorPage('This checkout link has expired',
          'Checkout links are valid for 30 minutes. Nothing was charged. Ask your assistant for a new link.');
      }
      if (e.error === 'CHECKOUT_TOKEN_INVALID') {
        return errorPage('This checkout link is not valid',
          'The link may be incomplete or was not made for this site. Nothing was charged. Ask your assistant for a new link.');
      }
      return errorPage('Something went wrong',
        (e.message || 'The checkout could not be loaded.') + ' Nothing was charged. Reload the page to try again.');
    },

    render(v) {
      this.view = v;
      document.getElementById('merchant-name').textContent = v.merchant_name;
      document.getElementById('test-badge').hidden = v.payment_form !== 'sandbox';
      document.title = 'Checkout · ' + v.merchant_name;
      if (v.step === 'processing') return this.poll(0);
      const left = el('div', { class: 'steps' });
      if (v.step === 'details' || v.step === 'quote_expired') left.append(this.detailsForm(v));
      else left.append(this.payPanel(v));
      show(el('h1', { text: 'Checkout' }),
        el('div', { class: 'layout' }, this.summary(v), left));
      if (v.payment && v.payment.status === 'failed' && v.step === 'pay') {
        this.declined(v.payment);
      }
    },

    summary(v) {
      const list = el('ul', { class: 'lines' });
      for (const l of v.lines) {
        const img = l.image_url && /^https:\/\//.test(l.image_url)
          ? el('img', { class: 'thumb', src: l.image_url, alt: l.title, width: 56, height: 56, loading: 'lazy', referrerpolicy: 'no-referrer' })
          : el('div', { class: 'thumb', 'aria-hidden': 'true' });
        list.append(el('li', {},
          img,
          el('div', {},
            el('div', { class: 'line-title', text: l.title }),
            l.variant_title && l.variant_title !== 'Default Title' ? el('div', { class: 'muted', text: l.variant_title }) : null,
            el('div', { class: 'muted', text: 'Quantity ' + l.quantity + ' × ' + money(l.unit_price, v.currency) })),
          el('div', { class: 'amount', text: money(l.line_total, v.currency) })));
      }
      const t = v.totals;
      // Shipping and tax are final once priced for the buyer's address (or on the order).
      const priced = v.order_id || (v.priced_for && v.priced_for.postal_code);
      const dl = el('dl', { class: 'totals', id: 'totals' },
        el('dt', { text: 'Subtotal' }), el('dd', { text: money(t.subtotal, v.currency) }));
      if (!isZero(t.discount_total)) {
        dl.append(el('dt', { text: 'Discounts' }), el('dd', { text: '−' + money(t.discount_total, v.currency) }));
      }
      dl.append(el('dt', { text: 'Shipping' }),
        el('dd', { text: priced ? (isZero(t.shipping_fee) ? 'Free' : money(t.shipping_fee, v.currency)) : 'After your address' }));
      dl.append(el('dt', { text: t.tax_included ? 'Tax (included)' : 'Tax' }),
        el('dd', { text: priced ? money(t.tax, v.currency) : 'After your address' }));
      dl.append(el('dt', { class: 'grand', text: 'Total' }),
        el('dd', { class: 'grand', id: 'total', text: money(t.total, v.currency) }));
      return el('section', { class: 'panel summary', 'aria-labelledby': 'sum-title' },
        el('h2', { id: 'sum-title', text: 'Your order from ' + v.merchant_name }), list, dl);
    },

    detailsForm(v) {
      const d = this.details || {};
      const a = d.shipping_address || {};
      const form = el('form', { novalidate: true, id: 'details-form', 'aria-labelledby': 'details-title' });
      form.append(el('h2', { id: 'details-title', text: 'Contact and delivery' }));
      if (v.step === 'quote_expired') {
        form.append(el('p', { class: 'notice', role: 'status', id: 'quote-expired',
          text: 'The prices held for you have expired. Confirm your details to get the current prices before you pay.' }));
      }
      form.append(
        field('customer_email', 'Email', { type: 'email', autocomplete: 'email', required: true, value: d.customer_email || '' }, 'For the order confirmation.'),
        field('shipping_address.name', 'Full name', { autocomplete: 'name', required: true, value: a.name || '' }),
        field('shipping_address.address_line1', 'Address', { autocomplete: 'address-line1', required: true, value: a.address_line1 || '' }),
        field('shipping_address.address_line2', 'Apartment, suite (optional)', { autocomplete: 'address-line2', value: a.address_line2 || '' }),
        el('div', { class: 'row' },
          field('shipping_address.city', 'City', { autocomplete: 'address-level2', required: true, value: a.city || '' }),
          field('shipping_address.state', 'State or region', { autocomplete: 'address-level1', value: a.state || '' })),
        el('div', { class: 'row' },
          field('shipping_address.postal_code', 'Postal code', { autocomplete: 'postal-code', required: true, value: a.postal_code || '' }),
          field('shipping_address.country', 'Country code', { autocomplete: 'country', required: true, maxlength: 2, value: a.country || (v.priced_for && v.priced_for.country) || '' }, 'Two letters, e.g. US.')),
      );
      if (v.delivery_options && v.delivery_options.length > 1) {
        const fs = el('fieldset', { 'data-field': 'delivery_option' }, el('legend', { text: 'Delivery' }));
        v.delivery_options.forEach((o, i) => {
          const rid = 'delivery-' + i;
          const checked = (d.delivery_option || v.delivery_option) === o.id || (!d.delivery_option && !v.delivery_option && i === 0);
          fs.append(el('div', { class: 'choice' },
            el('input', { type: 'radio', name: 'delivery_option', id: rid, value: o.id, checked }),
            el('label', { for: rid, text: o.label + ' — ' + (o.free ? 'Free' : money(o.fee, v.currency)) + ' (' + o.min_days + '–' + o.max_days + ' days)' })));
        });
        fs.append(el('p', { class: 'field-error', hidden: true }));
        form.append(fs);
      }
      const button = el('button', { type: 'submit', class: 'wide', text: 'Continue to payment' });
      form.append(button);
      form.addEventListener('submit', (ev) => { ev.preventDefault(); this.price(form, button); });
      if (!this.details) this.prefill(form);
      return el('section', { class: 'panel' }, form);
    },

    async prefill(form) {
      const r = await api('GET', '/agent/v1/checkout/prefill', undefined, this.headers());
      if (r.status !== 200 || !r.data) return;
      const set = (name, value) => {
        const i = form.querySelector('[name="' + name + '"]');
        if (i && value && !i.value) i.value = value;
      };
      set('customer_email', r.data.email);
      const a = r.data.shipping_address || {};
      for (const k of ['name', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country']) {
        set('shipping_address.' + k, a[k]);
      }
    },

    read(form) {
      const val = (n) => { const i = form.querySelector('[name="' + n + '"]'); return i ? i.value.trim() : ''; };
      const address = {};
      for (const k of ['name', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country']) {
        const v = val('shipping_address.' + k);
        if (v) address[k] = k === 'country' ? v.toUpperCase() : v;
      }
      const delivery = form.querySelector('input[name="delivery_option"]:checked');
      return {
        customer_email: val('customer_email'),
        customer_name: address.name,
        shipping_address: address,
        delivery_option: delivery ? delivery.value : null,
      };
    },

    async price(form, button) {
      clearErrors(form);
      const d = this.read(form);
      const errors = {};
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(d.customer_email)) errors.customer_email = 'Enter an email address like name@example.com.';
      for (const [k, label] of [['name', 'your full name'], ['address_line1', 'the street address'], ['city', 'the city'], ['postal_code', 'the postal code']]) {
        if (!d.shipping_address[k]) errors['shipping_address.' + k] = 'Enter ' + label + '.';
      }
      if (!/^[A-Z]{2}$/.test(d.shipping_address.country || '')) errors['shipping_address.country'] = 'Enter the two-letter country code, e.g. US.';
      if (markErrors(form, errors)) return;
      busy(button, true, 'Getting your total…');
      const body = { shipping_address: d.shipping_address };
      if (d.delivery_option) body.delivery_option = d.delivery_option;
      const r = await api('POST', '/agent/v1/checkout/hosted/price', body, this.headers());
      busy(button, false);
      if (r.status === 200) {
        this.details = d;
        store.setItem('details:' + id, JSON.stringify(d));
        this.view = r.data;
        return this.showPay(r.data);
      }
      if (r.status === 422) return markErrors(form, fieldErrors(r), 'Check the details you entered.');
      if (r.status === 401 || r.status === 410) return this.failed(r);
      const e = errorOf(r);
      formError(form, (e.message || 'The order could not be priced for this address.') + ' Nothing was charged.');
    },

    showPay(v) {
      show(el('h1', { text: 'Checkout' }),
        el('div', { class: 'layout' }, this.summary(v), el('div', { class: 'steps' }, this.payPanel(v))));
    },

    payPanel(v) {
      const wrap = el('section', { class: 'panel', 'aria-labelledby': 'pay-title' });
      wrap.append(el('h2', { id: 'pay-title', text: 'Payment' }));
      const who = v.order_id
        ? { email: v.customer_email, address: v.shipping_address || {} }
        : { email: this.details && this.details.customer_email, address: (this.details && this.details.shipping_address) || {} };
      const addr = who.address;
      const kv = el('dl', { class: 'kv', id: 'ship-to' },
        el('dt', { text: 'Email' }), el('dd', { text: who.email || '—' }),
        el('dt', { text: 'Ship to' }), el('dd', { text: [addr.name, addr.address_line1, addr.address_line2, addr.city, addr.state, addr.postal_code, addr.country].filter(Boolean).join(', ') || '—' }));
      wrap.append(kv);
      if (!v.order_id) {
        wrap.append(el('p', {}, el('button', { type: 'button', class: 'secondary', id: 'edit-details', text: 'Change contact or delivery',
          on: { click: () => { const vv = Object.assign({}, this.view, { step: 'details' }); this.render(vv); } } })));
      }
      if (v.payment_form !== 'sandbox') {
        wrap.append(el('p', { class: 'error-box', role: 'alert',
          text: "This merchant's payment provider has no card form on this page yet. Nothing was charged; ask your assistant for another way to pay." }));
        return wrap;
      }
      const form = el('form', { novalidate: true, id: 'card-form', 'aria-labelledby': 'card-title' });
      form.append(el('h3', { id: 'card-title', text: 'Card' }),
        field('number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', required: true, maxlength: 23 }),
        el('div', { class: 'row' },
          field('expiry', 'Expiry (MM/YY)', { inputmode: 'numeric', autocomplete: 'cc-exp', required: true, maxlength: 7, placeholder: 'MM/YY' }),
          field('cvc', 'Security code', { inputmode: 'numeric', autocomplete: 'cc-csc', required: true, maxlength: 4 })));
      form.append(el('details', { class: 'test-cards' },
        el('summary', { text: 'Test cards (sandbox payment provider)' }),
        el('ul', {},
          el('li', {}, el('code', { text: '4242 4242 4242 4242' }), ' pays'),
          el('li', {}, el('code', { text: '4000 0000 0000 0002' }), ' is declined'),
          el('li', {}, el('code', { text: '4000 0000 0000 9995' }), ' is declined: insufficient funds'),
          el('li', {}, el('code', { text: '4000 0027 6000 3184' }), ' asks for 3-D Secure')),
        el('p', { text: 'Any future expiry date and any 3-digit security code.' })));
      const button = el('button', { type: 'submit', class: 'wide', id: 'pay-button', text: 'Pay ' + money(v.totals.total, v.currency) });
      form.append(button);
      form.addEventListener('submit', (ev) => { ev.preventDefault(); this.pay(form, button); });
      wrap.append(form);
      return wrap;
    },

    declined(p) {
      const form = document.getElementById('card-form');
      if (!form) return;
      const reason = p.decline_code === 'insufficient_funds' ? 'The card has insufficient funds.'
        : p.error_code === 'authentication_failed' || p.decline_code === 'authentication_failed' ? 'The card issuer could not confirm it was you.'
        : 'The card was declined.';
      formError(form, reason + ' Nothing was charged. Try another card.');
    },

    async pay(form, button) {
      clearErrors(form);
      const val = (n) => form.querySelector('[name="' + n + '"]').value.replace(/\s+/g, '');
      const number = val('number');
      const exp = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(val('expiry'));
      const cvc = val('cvc');
      const errors = {};
      if (!/^\d{12,19}$/.test(number)) errors.number = 'Enter the card number.';
      if (!exp) errors.expiry = 'Enter the expiry date as MM/YY.';
      if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.';
      if (markErrors(form, errors)) return;
      busy(button, true, 'Paying…');
      // 1. The card goes to the payment provider's form endpoint only; we get a one-time token.
      const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
      const t = await api('POST', '/sandbox/psp/tokens', { number, exp_month: Number(exp[1]), exp_year: year, cvc });
      if (t.status !== 200) {
        busy(button, false);
        if (t.status === 422) {
          const fe = fieldErrors(t);
          const mapped = {};
          for (const [k, m] of Object.entries(fe)) mapped[k === 'exp_month' || k === 'exp_year' ? 'expiry' : k] = m;
          return markErrors(form, mapped, 'Check the card details.');
        }
        return formError(form, 'The payment provider could not be reached. Nothing was charged. Try again.');
      }
      // 2. Pay exactly the server's total with that token.
      // The total on the button and its quote: the server charges exactly that, or nothing.
      const body = {
        payment_method: { type: 'card', token: t.data.token },
        expected_total: this.view.totals.total,
        quote_id: this.view.quote_id,
      };
      if (!this.view.order_id && this.details) {
        body.customer_email = this.details.customer_email;
        body.customer_name = this.details.customer_name;
        body.shipping_address = this.details.shipping_address;
      }
      store.setItem('paying:' + id, '1');
      const r = await api('POST', '/agent/v1/checkout/hosted/pay', body, this.headers());
      busy(button, false);
      if (r.status === 200) {
        const p = r.data;
        if (p.status === 'succeeded') return this.confirmation(p.order_id, this.view.return_url);
        if (p.status === 'requires_action' && p.action_url) {
          show(el('h1', { text: 'Confirm with your bank' }), el('p', { role: 'status', text: 'Taking you to your bank to confirm this payment…' }));
          location.assign(p.action_url);
          return;
        }
        if (p.status === 'failed') {
          store.removeItem('paying:' + id);
          const v = await api('GET', '/agent/v1/checkout/hosted', undefined, this.headers());
          if (v.status === 200) this.render(v.data); else this.failed(v);
          return;
        }
        return this.poll(0);
      }
      store.removeItem('paying:' + id);
      if (r.status === 401 || r.status === 410) return this.failed(r);
      const e = errorOf(r);
      if (e.error === 'QUOTE_EXPIRED' || e.error === 'QUOTE_MISMATCH') {
        const v = await api('GET', '/agent/v1/checkout/hosted', undefined, this.headers());
        if (v.status === 200) {
          const view = Object.assign({}, v.data, { step: e.error === 'QUOTE_EXPIRED' ? 'quote_expired' : 'details' });
          return this.render(view);
        }
        return this.failed(v);
      }
      if (e.error === 'PAYMENT_IN_PROGRESS') return this.poll(0);
      formError(form, (e.message || 'The payment could not be made.') + ' Nothing was charged.');
    },

    async poll(n) {
      if (n === 0) {
        document.title = 'Confirming your payment';
        show(el('section', { class: 'panel' },
          el('h1', { text: 'Confirming your payment' }),
          el('p', { role: 'status', id: 'processing', text: 'Waiting for the payment provider. This usually takes a few seconds; please keep this page open.' })));
      }
      const r = await api('GET', '/agent/v1/checkout/hosted', undefined, this.headers());
      if (r.status === 200) {
        const p = r.data.payment;
        if (!p || p.status === 'failed' || r.data.step === 'pay' || r.data.step === 'details') {
          store.removeItem('paying:' + id);
          return this.render(r.data);
        }
        if (n > 90) {
          return errorPage('Your payment is still being confirmed',
            'The payment provider has not answered yet. You will not be charged twice: your assistant can follow the order. You can close this page.');
        }
        setTimeout(() => this.poll(n + 1), n < 10 ? 1000 : 3000);
        return;
      }
      return this.failed(r);
    },

    confirmation(orderId, returnUrl) {
      store.removeItem('paying:' + id);
      store.removeItem('details:' + id);
      store.removeItem('ct:' + id);
      const v = this.view;
      document.title = 'Thank you · payment received';
      show(el('section', { class: 'panel', 'aria-labelledby': 'done-title' },
        el('h1', { id: 'done-title', text: 'Thank you — your payment went through' }),
        el('p', { class: 'ok-box', role: 'status' },
          'Order number ', el('strong', { id: 'order-number', text: orderId || '' }),
          v ? ' · ' + money(v.totals.total, v.currency) + ' paid to ' + v.merchant_name : ''),
        el('h2', { text: 'What happens next' }),
        el('ul', {},
          el('li', { text: (v ? v.merchant_name : 'The merchant') + ' receives your order and prepares it.' }),
          el('li', { text: 'You will get the confirmation and tracking by email' + (v && v.customer_email ? ' at ' + v.customer_email : (this.details && this.details.customer_email ? ' at ' + this.details.customer_email : '')) + '.' }),
          el('li', { text: 'Your assistant can follow the order and its delivery for you.' })),
        backLink(returnUrl || (v && v.return_url))));
    },
  };

  // ---------- the HIL approval page and the mandate confirmation page ----------
  const decision = {
    kind: page, // approval | authorization
    token: null,
    path() {
      return this.kind === 'approval'
        ? '/agent/v1/payments/approvals/' + encodeURIComponent(id) + '/page'
        : '/agent/v1/payments/authorizations/' + encodeURIComponent(id) + '/page';
    },
    headers() { return { 'X-Page-Token': this.token }; },
    async start() {
      this.token = takeToken(this.kind === 'approval' ? 'hat' : 'mat');
      if (!this.token) {
        return errorPage('This link is incomplete', 'The link is missing its security code. Ask your assistant for a new one.');
      }
      const r = await api('GET', this.path(), undefined, this.headers());
      if (r.status !== 200) return this.failed(r);
      this.render(r.data);
    },
    failed(r) {
      const e = errorOf(r);
      if (e.error === 'PAGE_TOKEN_INVALID' || e.error === 'NOT_FOUND') {
        return errorPage('This link is not valid', 'It may be incomplete or expired. Nothing was approved. Ask your assistant for a new one.');
      }
      if (e.error === 'ALREADY_DECIDED') {
        const said = { approved: 'approved', rejected: 'declined', used: 'approved and used' }[e.status] || 'answered';
        return errorPage('Already answered', 'This request was already ' + said + '. Nothing more to do.');
      }
      if (e.error === 'EXPIRED') {
        return errorPage('This request has expired', 'Nothing was approved. Ask your assistant to ask again if you still want this.');
      }
      return errorPage('Something went wrong', (e.message || 'The request could not be loaded.') + ' Nothing was approved.');
    },
    render(d) {
      const approval = this.kind === 'approval';
      if (d.status !== 'pending') {
        return this.failed({ status: 409, data: { detail: { error: d.status === 'expired' ? 'EXPIRED' : 'ALREADY_DECIDED', status: d.status } } });
      }
      document.getElementById('merchant-name').textContent = d.merchant_name || 'Secure approval';
      document.title = approval ? 'Approve a payment' : 'Confirm a payment';
      const kv = el('dl', { class: 'kv', id: 'decision-facts' },
        el('dt', { text: 'Amount' }), el('dd', { id: 'decision-amount', text: money(d.amount, d.currency) }),
        el('dt', { text: 'Merchant' }), el('dd', { text: d.merchant_name || d.merchant_id || '—' }),
        el('dt', { text: 'Requested by' }), el('dd', { text: d.agent_name || d.agent_id }),
        d.order_id ? el('dt', { text: 'Order' }) : null, d.order_id ? el('dd', { text: d.order_id }) : null,
        el('dt', { text: 'Valid until' }), el('dd', { text: new Date(d.expires_at).toLocaleString() }));
      const yes = el('button', { type: 'button', id: 'approve', text: approval ? 'Approve this payment' : 'Confirm this payment' });
      const no = el('button', { type: 'button', id: 'decline', class: 'danger', text: 'Decline' });
      yes.addEventListener('click', () => this.decide(true, yes, no));
      no.addEventListener('click', () => this.decide(false, no, yes));
      show(el('section', { class: 'panel', 'aria-labelledby': 'decide-title' },
        el('h1', { id: 'decide-title', text: approval ? 'Your assistant asks you to approve a payment' : 'Your assistant asks you to confirm a payment from your mandate' }),
        el('p', { text: approval
          ? 'This payment is above the amount your assistant may pay without you. Approve it only if you asked for this purchase.'
          : 'Your standing permission asks you to confirm this payment before it is made.' }),
        kv,
        el('div', { class: 'actions' }, yes, no)));
    },
    async decide(approve, button, other) {
      busy(button, true, approve ? 'Approving…' : 'Declining…');
      other.disabled = true;
      const r = await api('POST', this.path() + (approve ? '/approve' : '/decline'), undefined, this.headers());
      if (r.status !== 200) { busy(button, false); other.disabled = false; return this.failed(r); }
      store.removeItem((this.kind === 'approval' ? 'hat:' : 'mat:') + id);
      document.title = approve ? 'Approved' : 'Declined';
      show(el('section', { class: 'panel' },
        el('h1', { text: approve ? 'Approved' : 'Declined' }),
        el('p', { class: approve ? 'ok-box' : 'notice', role: 'status', id: 'decision-result',
          text: approve
            ? 'Your assistant can now make this one payment of ' + money(r.data.amount, r.data.currency) + '. It cannot be used for anything else.'
            : 'Nothing will be paid. Your assistant is told that you declined.' }),
        el('p', { class: 'muted', text: 'You can close this page.' })));
    },
  };

  (page === 'checkout' ? checkout : decision).start().catch(() => {
    errorPage('Something went wrong', 'The page could not be shown. Nothing was charged. Reload to try again.');
  });
})();
