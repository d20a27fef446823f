// After the browser journeys: no full card number may be stored or logged (docs/decisions.md §4).
// Scans the e2e server's database files (tables and WAL, read as bytes) and its log for 13–19
// digit runs that pass the Luhn check. Usage: node scripts/scan-card-numbers.mjs <port>
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const port = process.argv[2] ?? process.env.E2E_PORT ?? '3100';
const artifacts = path.resolve('e2e/.artifacts');
const targets = [path.join(artifacts, `data-${port}`), path.join(artifacts, `server-${port}.log`)];

function isLuhnValid(digits) {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function filesUnder(target) {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true }).flatMap((entry) =>
    filesUnder(path.join(target, entry.name)),
  );
}

// Payment cards begin with a major industry identifier of 2–6 (ISO/IEC 7812: Мир 2, Amex/JCB 3,
// Visa 4, Mastercard 5 and 2, UnionPay 6). Runs beginning with 0, 1, 7, 8 or 9 are other numbers
// that happen to pass Luhn, such as a division code glued to a passport number in a stored row.
const cardLike = /(?<![0-9A-Za-z.])[2-6]\d{12,18}(?![0-9A-Za-z])/g;
const files = targets.flatMap(filesUnder);
if (files.length === 0) {
  console.error(`Нет данных браузерных тестов для порта ${port}: сначала запустите их.`);
  process.exit(1);
}
const found = [];
for (const file of files) {
  const text = readFileSync(file).toString('latin1');
  for (const match of text.matchAll(cardLike)) {
    if (isLuhnValid(match[0]))
      found.push(`${path.relative(artifacts, file)}: ${match[0].slice(0, 6)}…`);
  }
}
if (found.length > 0) {
  console.error(`Найдены номера, похожие на номера карт (${found.length}):\n${found.join('\n')}`);
  process.exit(1);
}
console.log(
  `Номеров карт нет: проверено файлов ${files.length} (база и журнал сервера, порт ${port}).`,
);
