import { escapeHtml, hiddenInputs } from '../best2pay/page';
import { TEST_CITIZENS } from './citizens';

/*
 * The sandbox ЕСИА's pages, in the manner of Госуслуги's own: server-rendered HTML, no script,
 * every value from a request escaped, labels on every control, one <h1> each.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f4f9;color:#0b1f33}
header{background:#fff;border-bottom:1px solid #dde4ed}
.brand{max-width:560px;margin:0 auto;padding:12px 16px;font-weight:700;font-size:22px;letter-spacing:-.5px}
.brand b{color:#0d4cd3}.brand span{color:#e1261c}
main{max-width:560px;margin:0 auto;padding:16px}
.sandbox{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:8px 12px;font-size:14px;margin:0}
.panel{background:#fff;border-radius:16px;box-shadow:0 1px 4px rgba(11,31,51,.08);padding:24px;margin-top:16px}
h1{font-size:24px;margin:0 0 8px}
.muted{color:#66727f;font-size:14px;margin:0 0 12px}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:8px;padding:0}
.choice{display:flex;gap:12px;align-items:flex-start;padding:12px;border:1px solid #dde4ed;border-radius:12px;margin-top:8px;cursor:pointer}
.choice:hover{border-color:#0d4cd3}
.choice input{margin-top:5px;width:18px;height:18px;flex:none}
.choice strong{display:block}
.choice small{color:#4a5866}
.check{display:flex;gap:8px;align-items:center;margin-top:16px}
.check input{width:18px;height:18px}
ul.scopes{padding-left:0;list-style:none}
button{margin-top:20px;width:100%;padding:14px;font-size:17px;font-weight:600;border:0;border-radius:8px;background:#0d4cd3;color:#fff;cursor:pointer}
button.secondary{background:#e4ecfd;color:#0d4cd3}
button:focus,input:focus{outline:3px solid #8fb2ff;outline-offset:2px}
.error{background:#fdecea;color:#8e1b1b;border-radius:8px;padding:12px}
.camera{display:block;margin:12px auto;width:180px;height:180px}
`;

export function esiaLayout(title: string, body: string): string {
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
<header><p class="brand" aria-label="Госуслуги, песочница"><b>гос</b><span>услуги</span></p></header>
<main>
<p class="sandbox" role="note">Песочница ЕСИА: настоящие учётные записи Госуслуг здесь не работают, данные вымышлены.</p>
${body}
</main>
</body>
</html>`;
}

export function loginPage(formAction: string, sealedRequest: string, systemName: string): string {
  const citizens = TEST_CITIZENS.map(
    (citizen, index) => `<label class="choice">
<input type="radio" name="citizen" value="${citizen.key}"${index === 0 ? ' checked' : ''}>
<span><strong>${escapeHtml(citizen.title)}</strong><small>${escapeHtml(citizen.behaviour)}</small></span>
</label>`,
  ).join('\n');
  return esiaLayout(
    'Вход — Госуслуги',
    `<section class="panel" aria-labelledby="title">
<h1 id="title">Вход</h1>
<p class="muted">для продолжения в «${escapeHtml(systemName)}»</p>
<form method="post" action="${escapeHtml(formAction)}">
${hiddenInputs({ request: sealedRequest })}
<fieldset>
<legend>Тестовый гражданин</legend>
${citizens}
</fieldset>
<label class="check"><input type="checkbox" name="fresh" value="1"> Новая учётная запись этого гражданина (для повторной регистрации)</label>
<button type="submit">Войти</button>
</form>
</section>`,
  );
}

const SCOPE_TITLES: Readonly<Record<string, string>> = {
  openid: 'Идентификатор учётной записи',
  fullname: 'Фамилия, имя и отчество',
  birthdate: 'Дата рождения',
  gender: 'Пол',
  birthplace: 'Место рождения',
  id_doc: 'Паспорт гражданина РФ',
  snils: 'СНИЛС',
  inn: 'ИНН',
  addresses: 'Адрес регистрации и проживания',
  mobile: 'Мобильный телефон',
  email: 'Электронная почта',
};

export function consentPage(
  formAction: string,
  hidden: Record<string, string>,
  person: string,
  systemName: string,
  scopes: readonly string[],
): string {
  const items = scopes
    .map(
      (scope) =>
        `<li><label class="check"><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(SCOPE_TITLES[scope] ?? scope)}</label></li>`,
    )
    .join('\n');
  return esiaLayout(
    'Предоставление прав доступа — Госуслуги',
    `<section class="panel" aria-labelledby="title">
<h1 id="title">Предоставление прав доступа</h1>
<p>${escapeHtml(person)}, система «${escapeHtml(systemName)}» запрашивает ваши данные:</p>
<form method="post" action="${escapeHtml(formAction)}">
${hiddenInputs(hidden)}
<fieldset>
<legend>Передать данные</legend>
<ul class="scopes">
${items}
</ul>
</fieldset>
<button type="submit" name="decision" value="allow">Предоставить</button>
<button type="submit" name="decision" value="deny" class="secondary">Отказать</button>
</form>
</section>`,
  );
}

export function biometricPage(
  formAction: string,
  hidden: Record<string, string>,
  person: string,
): string {
  return esiaLayout(
    'Подтвердите, что это вы — Госуслуги Биометрия',
    `<section class="panel" aria-labelledby="title">
<h1 id="title">Подтвердите, что это вы</h1>
<p>${escapeHtml(person)}, посмотрите в камеру: Единая биометрическая система сравнит снимок и голос с образцом.</p>
<svg class="camera" viewBox="0 0 100 100" role="img" aria-label="Камера: лицо в рамке">
<rect x="4" y="4" width="92" height="92" rx="16" fill="#e4ecfd" stroke="#0d4cd3" stroke-width="3"/>
<circle cx="50" cy="42" r="18" fill="#9db7f5"/><ellipse cx="50" cy="84" rx="28" ry="16" fill="#9db7f5"/>
</svg>
<form method="post" action="${escapeHtml(formAction)}">
${hiddenInputs(hidden)}
<button type="submit">Сделать снимок и проверить</button>
</form>
</section>`,
  );
}

export function errorPage(message: string): string {
  return esiaLayout(
    'Ошибка — Госуслуги',
    `<section class="panel" aria-labelledby="title">
<h1 id="title">Не удалось выполнить вход</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
</section>`,
  );
}
