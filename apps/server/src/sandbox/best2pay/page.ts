import { formatMoney, type Kopecks } from '@zaymo/contract';
import { CARD_MESSAGES, type CardField, type CardFieldErrors } from './card-input';
import { groupDigits, TEST_CARDS, THREE_DS_CODE } from './test-cards';

/*
 * The sandbox gateway's pages: server-rendered HTML and CSS, no framework; one small inline
 * script (allowed by a per-response CSP nonce) groups the card number, adds the slash to the
 * expiry and checks Luhn before sending. Everything that comes from a request is escaped.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A value for a <script>: JSON that cannot close the script element. */
function scriptValue(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7f9;color:#1d2733}
main{max-width:440px;margin:0 auto;padding:16px}
.sandbox{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:8px 12px;font-size:14px}
.panel{background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.08);padding:20px;margin-top:16px}
h1{font-size:22px;margin:0 0 4px}
.muted{color:#5b6775;font-size:14px;margin:0 0 12px}
.amount{font-size:20px;font-weight:600;margin:8px 0 16px}
fieldset{border:0;margin:0;padding:0}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:10px 12px;font-size:18px;border:1px solid #b8c2cc;border-radius:8px}
input:focus{outline:3px solid #9cc3ff;border-color:#2f6fde}
input[aria-invalid=true]{border-color:#c62828}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#b71c1c;font-size:14px;margin:4px 0 0;min-height:0}
.summary{background:#fdecea;color:#8e1b1b;border-radius:8px;padding:8px 12px}
button{margin-top:20px;width:100%;padding:12px;font-size:18px;font-weight:600;border:0;border-radius:8px;background:#2f6fde;color:#fff;cursor:pointer}
button:disabled{opacity:.6}
.cancel{display:block;text-align:center;margin-top:12px}
table{width:100%;border-collapse:collapse;font-size:14px}
caption{text-align:left;font-weight:600;margin-bottom:4px}
th,td{text-align:left;padding:6px 4px;border-top:1px solid #e3e8ee;vertical-align:top}
.fill{margin:0;width:auto;padding:2px 8px;font-size:14px;font-weight:400;background:#e8f0fe;color:#1d4fa8;font-family:ui-monospace,monospace}
`;

export function layout(title: string, body: string, nonce?: string, script?: string): string {
  const scriptTag =
    nonce && script ? `<script nonce="${escapeHtml(nonce)}">${script}</script>` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox" role="note">Песочница Best2Pay: настоящие карты не принимаются, деньги не списываются.</p>
${body}
</main>
${scriptTag}
</body>
</html>`;
}

export function hiddenInputs(hidden: Readonly<Record<string, string>>): string {
  return Object.entries(hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
}

interface FieldSpec {
  readonly name: CardField;
  readonly label: string;
  readonly autocomplete: string;
  readonly value: string;
  readonly extra: string;
}

function field(spec: FieldSpec, errors: CardFieldErrors): string {
  const error = errors[spec.name];
  const id = spec.name;
  const invalid = error ? ' aria-invalid="true"' : '';
  return `<label for="${id}">${spec.label}</label>
<input id="${id}" name="${id}" autocomplete="${spec.autocomplete}" value="${escapeHtml(spec.value)}" aria-describedby="${id}-error"${invalid} ${spec.extra}>
<p class="error" id="${id}-error">${error ? escapeHtml(error) : ''}</p>`;
}

export interface CardPageModel {
  /** Where the form posts (this page's own address). */
  readonly action: string;
  readonly hidden: Readonly<Record<string, string>>;
  readonly description: string;
  readonly amount: Kopecks;
  /** The card is being bound (get_token=1): the amount is a check and goes back. */
  readonly binding: boolean;
  /** Only these come back after an error: never the number or the CVC. */
  readonly values: { readonly expiry: string; readonly holder: string };
  readonly errors: CardFieldErrors;
  readonly cancelUrl: string | null;
  readonly nonce: string;
}

function cardFields(model: CardPageModel): string {
  const { errors, values } = model;
  const pan = field(
    {
      name: 'pan',
      label: 'Номер карты',
      autocomplete: 'cc-number',
      value: '',
      extra: 'inputmode="numeric" maxlength="23" placeholder="0000 0000 0000 0000" required',
    },
    errors,
  );
  const expiry = field(
    {
      name: 'expiry',
      label: 'Срок действия',
      autocomplete: 'cc-exp',
      value: values.expiry,
      extra: 'inputmode="numeric" maxlength="5" placeholder="ММ/ГГ" required',
    },
    errors,
  );
  const cvc = field(
    {
      name: 'cvc',
      label: 'CVC/CVV',
      autocomplete: 'cc-csc',
      value: '',
      extra: 'type="password" inputmode="numeric" maxlength="3" placeholder="•••" required',
    },
    errors,
  );
  const holder = field(
    {
      name: 'holder',
      label: 'Имя владельца (латиницей, если есть на карте)',
      autocomplete: 'cc-name',
      value: values.holder,
      extra:
        'autocapitalize="characters" spellcheck="false" maxlength="64" placeholder="IVAN IVANOV"',
    },
    errors,
  );
  return `${pan}\n<div class="row"><div>${expiry}</div><div>${cvc}</div></div>\n${holder}`;
}

function errorSummary(errors: CardFieldErrors): string {
  if (Object.keys(errors).length === 0) return '';
  return '<p class="summary" role="alert">Проверьте данные карты: исправьте поля, отмеченные ниже.</p>';
}

function testCardsTable(): string {
  const rows = TEST_CARDS.map(
    (card) =>
      `<tr><td><button type="button" class="fill" data-pan="${card.pan}" aria-label="Подставить номер ${groupDigits(card.pan)}">${groupDigits(card.pan)}</button></td><td>${card.system}</td><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('\n');
  return `<section class="panel" aria-labelledby="test-cards">
<table>
<caption id="test-cards">Тестовые карты песочницы</caption>
<thead><tr><th scope="col">Номер</th><th scope="col">Система</th><th scope="col">Результат</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="muted">Любая другая карта с верным номером (проверка Луна) — одобрено. Срок действия — любой будущий, CVC — любые три цифры, имя — любое латиницей.</p>
</section>`;
}

const CARD_SCRIPT = `(function(){
var form=document.getElementById('card-form'),pan=document.getElementById('pan'),exp=document.getElementById('expiry');
var panError=document.getElementById('pan-error'),message=__PAN_INVALID__;
function digits(v){return v.replace(/\\D/g,'');}
function group(){pan.value=digits(pan.value).slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ');}
function luhn(d){if(d.length<13||d.length>19)return false;var s=0;for(var i=0;i<d.length;i++){var x=+d.charAt(d.length-1-i);if(i%2){x*=2;if(x>9)x-=9;}s+=x;}return s%10===0;}
pan.addEventListener('input',group);
exp.addEventListener('input',function(){var d=digits(exp.value).slice(0,4);exp.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});
Array.prototype.forEach.call(document.querySelectorAll('[data-pan]'),function(b){b.addEventListener('click',function(){pan.value=b.getAttribute('data-pan');group();exp.focus();});});
form.addEventListener('submit',function(e){
if(!luhn(digits(pan.value))){e.preventDefault();panError.textContent=message;pan.setAttribute('aria-invalid','true');pan.focus();return;}
form.querySelector('button[type=submit]').disabled=true;
});
})();`;

export function renderCardPage(model: CardPageModel): string {
  const title = model.binding ? 'Привязка банковской карты' : 'Оплата банковской картой';
  const note = model.binding
    ? `Для проверки карты банк заблокирует ${formatMoney(model.amount)} и сразу вернёт.`
    : `К оплате: ${formatMoney(model.amount)}`;
  const button = model.binding ? 'Привязать карту' : `Оплатить ${formatMoney(model.amount)}`;
  const cancel =
    model.cancelUrl && /^https?:\/\//i.test(model.cancelUrl)
      ? `<a class="cancel" href="${escapeHtml(model.cancelUrl)}">Отказаться и вернуться</a>`
      : '';
  const body = `<section class="panel" aria-labelledby="title">
<h1 id="title">${title}</h1>
<p class="muted">${escapeHtml(model.description)}</p>
<p class="amount">${escapeHtml(note)}</p>
${errorSummary(model.errors)}
<form id="card-form" method="post" action="${escapeHtml(model.action)}" novalidate>
${hiddenInputs(model.hidden)}
<fieldset>
<legend class="muted">Данные карты</legend>
${cardFields(model)}
<button type="submit">${escapeHtml(button)}</button>
</fieldset>
</form>
${cancel}
</section>
${testCardsTable()}`;
  const script = CARD_SCRIPT.replace('__PAN_INVALID__', scriptValue(CARD_MESSAGES.panInvalid));
  return layout(`${title} — песочница Best2Pay`, body, model.nonce, script);
}

export interface ThreeDsPageModel {
  readonly action: string;
  readonly hidden: Readonly<Record<string, string>>;
  readonly description: string;
  readonly amount: Kopecks;
  readonly panMasked: string;
}

export function renderThreeDsPage(model: ThreeDsPageModel): string {
  const body = `<section class="panel" aria-labelledby="title">
<h1 id="title">Подтверждение платежа</h1>
<p class="muted">3-D Secure · карта ${escapeHtml(model.panMasked)}</p>
<p>${escapeHtml(model.description)}: ${escapeHtml(formatMoney(model.amount))}</p>
<p>Банк отправил код подтверждения в SMS. В песочнице код — <strong>${THREE_DS_CODE}</strong>; любой другой код отклонит операцию.</p>
<form method="post" action="${escapeHtml(model.action)}">
${hiddenInputs(model.hidden)}
<label for="code">Код из SMS</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>
<button type="submit">Подтвердить</button>
</form>
</section>`;
  return layout('Подтверждение платежа — 3-D Secure', body);
}

export function renderMessagePage(title: string, message: string): string {
  const body = `<section class="panel" aria-labelledby="title">
<h1 id="title">${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
</section>`;
  return layout(title, body);
}
