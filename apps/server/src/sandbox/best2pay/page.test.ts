import { roubles } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from './card-input';
import {
  escapeHtml,
  renderCardPage,
  renderMessagePage,
  renderThreeDsPage,
  type CardPageModel,
} from './page';

const EVIL = `"><script>alert('x')</script><img src=x onerror=alert(1)>&`;

const MODEL: CardPageModel = {
  action: 'Purchase',
  hidden: { sector: '7301', id: '500001', signature: 'c2ln+/=', action: 'pay' },
  description: 'Привязка банковской карты',
  amount: roubles(1),
  binding: true,
  values: { expiry: '', holder: '' },
  errors: {},
  cancelUrl: 'http://127.0.0.1:3000/pay/callback?id=500001&error=canceled',
  nonce: 'bm9uY2U=',
};

describe('the sandbox pages', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes everything that comes from a request: description, values, hidden fields, links', () => {
    const html = renderCardPage({
      ...MODEL,
      description: EVIL,
      hidden: { ...MODEL.hidden, signature: EVIL },
      values: { expiry: EVIL, holder: EVIL },
      cancelUrl: `javascript:${EVIL}`,
    });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain(EVIL);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('escapes the 3-D Secure page and the message page', () => {
    const threeDs = renderThreeDsPage({
      action: '../acs',
      hidden: { operation: '1', challenge: EVIL },
      description: EVIL,
      amount: roubles(1),
      panMasked: EVIL,
    });
    const message = renderMessagePage(EVIL, EVIL);
    for (const html of [threeDs, message]) {
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
    }
  });

  it('runs its only script by the nonce and cannot be broken out of by its messages', () => {
    const html = renderCardPage(MODEL);
    expect(html).toContain('<script nonce="bm9uY2U=">');
    expect(html).toContain(JSON.stringify(CARD_MESSAGES.panInvalid));
  });

  it('labels every field and asks browsers for card autofill with numeric keyboards', () => {
    const html = renderCardPage(MODEL);
    for (const [id, autocomplete] of [
      ['pan', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['holder', 'cc-name'],
      ['cvc', 'cc-csc'],
    ] as const) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toMatch(new RegExp(`id="${id}" name="${id}" autocomplete="${autocomplete}"`));
    }
    expect(html).toMatch(/id="pan"[^>]*inputmode="numeric"/);
    expect(html).toMatch(/id="cvc"[^>]*type="password"/);
  });

  it('marks wrong fields and says why, in Russian', () => {
    const html = renderCardPage({ ...MODEL, errors: { pan: CARD_MESSAGES.panInvalid } });
    expect(html).toMatch(/id="pan"[^>]*aria-invalid="true"/);
    expect(html).toContain(`<p class="error" id="pan-error">${CARD_MESSAGES.panInvalid}</p>`);
    expect(html).toContain('role="alert"');
  });

  it('lists the test cards and says binding takes 1 ₽ back', () => {
    const html = renderCardPage(MODEL);
    expect(html).toContain('2200 0000 0000 0004');
    expect(html).toContain('4000 0000 0000 3220');
    expect(html).toContain('Привязать карту');
    expect(html).toMatch(/заблокирует 1\s₽ и сразу вернёт/);
    const payment = renderCardPage({ ...MODEL, binding: false, amount: roubles(1500) });
    expect(payment).toMatch(/Оплатить 1\s500\s₽/);
  });
});
