// The console's client search in `npm run bench`: a staff session, searchable
// identities among the seeded clients, req/s and latency of GET /api/crm/clients?q= for each kind
// of key, and the plan PostgreSQL picks for each (services/crm/search.ts builds the same SQL).
import { explainAll, load, loadLine, seedStaffSession, withClient } from './load.mjs';

/** The staff token of the bench's operator (prefix crm_, as services/staff/sessions.ts makes). */
export const BENCH_STAFF_TOKEN = 'crm_bench-staff-token-000000000000000';

/**
 * Every 100th seeded client has a passport and a repaid contract (10 000 of each among a million:
 * enough rows for the planner to weigh an index against a scan); every 10 000th is «Искомов Пётр».
 */
const EVERY = 100;
const NAMED = 10_000;

/**
 * A staff operator with a live session, and the searchable rows: seeded client n (n ≡ 7 mod
 * EVERY) gets a passport 4510 n and a repaid order whose contract number is ЗМ-<order id>; those
 * with n ≡ 7 mod NAMED are «Искомов Пётр». The others stay «Нагрузкин».
 */
export async function seedSearch(databaseUrl) {
  await withClient(databaseUrl, async (client) => {
    await seedStaffSession(client, {
      login: 'bench-operator',
      name: 'Оператор нагрузки',
      role: 'operator',
      token: BENCH_STAFF_TOKEN,
    });
    await client.query(
      `update clients set surname = 'Искомов', name = 'Пётр'
       where id % ${NAMED} = 7 and surname <> 'Искомов'`,
    );
    await client.query(
      `insert into client_identities (client_id, passport, updated_at)
       select id, jsonb_build_object('series_number', '4510' || lpad(id::text, 6, '0')), now()
       from clients where id % ${EVERY} = 7
       on conflict (client_id) do nothing`,
    );
    await client.query(
      `insert into loan_orders (client_id, status_id, tariff_id, amount, period, day_percent,
         interest, return_sum, psk_percent, psk_amount, client_snapshot, created_at, updated_at)
       select c.id, 6, tariff.id, 1000000, 30, '0.8', 240000, 1240000, '292.000', 240000,
         jsonb_build_object('fullName', 'Искомов Пётр', 'phone', c.phone), now(), now()
       from clients c,
         (select id from tariffs where not is_repeat order by position, id limit 1) tariff
       where c.id % ${EVERY} = 7
         and not exists (select 1 from loan_orders o where o.client_id = c.id)`,
    );
    // A second statement: the rows a statement inserts are not visible to its own UPDATE.
    await client.query(
      `update loan_orders set contract_number = 'ЗМ-' || lpad(id::text, 6, '0')
       where contract_number is null and client_id % ${EVERY} = 7`,
    );
    for (const table of ['clients', 'client_identities', 'loan_orders', 'staff_sessions']) {
      await client.query(`vacuum analyze ${table}`);
    }
  });
}

/** One query of each kind, as an operator types it, for a client that exists. */
export async function searchSamples(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select c.id, c.phone, o.contract_number from clients c
       join loan_orders o on o.client_id = c.id
       where c.surname = 'Искомов' and o.contract_number is not null
       order by c.id desc limit 1`,
    );
    const found = rows[0];
    if (!found) throw new Error('нет клиента для поиска: seedSearch не отработал');
    return {
      'phone prefix': found.phone.slice(2, 9),
      'ФИО prefix': 'Иском Пёт',
      'contract number': found.contract_number,
      passport: `4510${String(found.id).padStart(6, '0')}`,
    };
  });
}

/** The search's SQL for each kind of key (services/crm/search.ts), with the plan it gets. */
export async function explainSearches(databaseUrl, samples) {
  const select = `select id, phone, surname, name, patronymic, created_at from clients`;
  const tail = `order by surname, name, id limit 50`;
  const digits = samples.passport;
  const queries = {
    'phone prefix': `explain ${select} where phone like '+7${samples['phone prefix']}%' ${tail}`,
    'ФИО prefix': `explain ${select}
      where replace(lower(surname), 'ё', 'е') like 'иском%' and replace(lower(name), 'ё', 'е') like 'пет%'
      ${tail}`,
    'contract number': `explain ${select} where id in (select client_id from loan_orders
      where contract_number = '${samples['contract number']}') ${tail}`,
    passport: `explain ${select} where id in (select client_id from client_identities
      where (passport ->> 'series_number') = '${digits}') ${tail}`,
  };
  return explainAll(databaseUrl, queries);
}

/** req/s and latency of GET /api/crm/clients?q= for each sample, with the bench operator. */
export async function searchFigures(appOrigin, samples, { connections, seconds, warmupSeconds }) {
  const figures = {};
  for (const [name, q] of Object.entries(samples)) {
    const url = `${appOrigin}/api/crm/clients?q=${encodeURIComponent(q)}`;
    const options = { url, connections, tokens: [BENCH_STAFF_TOKEN] };
    if (warmupSeconds > 0) await load({ ...options, seconds: warmupSeconds });
    figures[name] = { q, ...(await load({ ...options, seconds })) };
  }
  return figures;
}

/**
 * The whole figure, printed like the bench's other lines: seeds, loads, explains. Run after the
 * clients are seeded (at the grown size), against a running app on that database.
 */
export async function consoleSearchFigures(databaseUrl, appOrigin, settings) {
  await seedSearch(databaseUrl);
  const samples = await searchSamples(databaseUrl);
  const figures = await searchFigures(appOrigin, samples, { connections: 10, ...settings });
  for (const [name, figure] of Object.entries(figures)) {
    const text = loadLine(`GET /api/crm/clients?q= by ${name} «${figure.q}» (10 conn)`, figure);
    console.log(`[crm search] ${text.padEnd(72)} (figure)`);
  }
  const plans = await explainSearches(databaseUrl, samples);
  for (const [name, plan] of Object.entries(plans)) {
    const text = plan.join('\n');
    const indexed = /Index (Only )?Scan/.test(text) && !/Seq Scan/.test(text);
    console.log(
      `[crm search] ${`EXPLAIN search by ${name}`.padEnd(72)} uses an index  ${indexed ? '✓' : '✗'}`,
    );
    for (const row of plan) console.log(`          ${row}`);
  }
}
