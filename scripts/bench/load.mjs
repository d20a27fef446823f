// Load and data of `npm run bench`: autocannon runs, clients seeded with generate_series, EXPLAIN.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';

/** The bearer token of seeded client number n: fixed, so the bench can sign in as anyone. */
export function seededToken(n) {
  return `bench-token-${String(n).padStart(9, '0')}`;
}

/**
 * Clients from..to (inclusive) with one live session each, in one statement. Phones +79000000001…;
 * the session stores the SHA-256 of seededToken(n) as the app does.
 */
export async function seedClients(databaseUrl, from, to) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `with new_clients as (
         insert into clients (phone, phone_confirmed, surname, name, patronymic, step)
         select '+79' || lpad(g::text, 9, '0'), true, 'Нагрузкин', 'Тест', 'Бенчевич', 1
         from generate_series($1::int, $2::int) g
         returning id, phone
       )
       insert into sessions (client_id, token_hash, created_at, last_seen_at, idle_expires_at, expires_at)
       select id, encode(sha256(convert_to('bench-token-' || substr(phone, 4), 'UTF8')), 'hex'),
         now(), now(), now() + interval '7 days', now() + interval '30 days'
       from new_clients`,
      [from, to],
    );
    await client.query('vacuum analyze clients');
    await client.query('vacuum analyze sessions');
  });
}

/**
 * The statements of a signed-in read (services/sessions.ts: the live sessions of the tokens of one
 * turn joined with their clients, `in ($1 … $n)` with n a power of two, prepared; the touch at most
 * once a minute), with the plans PostgreSQL picks. The session statements are prepared and run six
 * times first, as the server runs them: from the sixth run PostgreSQL may keep a generic plan (its
 * parameters show as $n), which is what every later request gets.
 */
export async function explainHotQueries(databaseUrl) {
  const token = (n) => `encode(sha256(convert_to('${seededToken(n)}', 'UTF8')), 'hex')`;
  const plans = {};
  await withClient(databaseUrl, async (client) => {
    for (const size of [1, 64]) {
      const placeholders = Array.from({ length: size }, (_, index) => `$${index + 2}`).join(', ');
      const name = `explain_sessions_${size}`;
      await client.query(`prepare ${name} (timestamptz${', text'.repeat(size)}) as
        select sessions.token_hash, sessions.id, sessions.operator_name, sessions.last_seen_at, clients.*
        from sessions inner join clients on clients.id = sessions.client_id
        where token_hash in (${placeholders}) and revoked_at is null
          and idle_expires_at > $1 and expires_at > $1`);
      const tokens = Array.from({ length: size }, (_, index) => token(777 + index)).join(', ');
      for (let run = 0; run < 6; run++) await client.query(`execute ${name} (now(), ${tokens})`);
      const { rows } = await client.query(`explain execute ${name} (now(), ${tokens})`);
      plans[`sessions + clients, ${size} token${size > 1 ? 's' : ''} (prepared)`] = rows.map(
        (row) => row['QUERY PLAN'],
      );
    }
  });
  const touch = `explain update sessions
      set last_seen_at = now(), idle_expires_at = now() + interval '7 days'
      where id = (select id from sessions where token_hash = ${token(777)})
        and revoked_at is null and last_seen_at < now() - interval '1 minute'`;
  return { ...plans, ...(await explainAll(databaseUrl, { 'touch (once a minute)': touch })) };
}

/** `{ name: 'explain …' }` → `{ name: [plan lines] }`, on one connection. */
export async function explainAll(databaseUrl, queries) {
  return withClient(databaseUrl, async (client) => {
    const plans = {};
    for (const [name, sql] of Object.entries(queries)) {
      const { rows } = await client.query(sql);
      plans[name] = rows.map((row) => row['QUERY PLAN']);
    }
    return plans;
  });
}

export async function countClients(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query('select count(*)::int as n from clients');
    return rows[0].n;
  });
}

/** A staff member with a live console session whose bearer token is `token`. */
export async function seedStaffSession(client, { login, name, role, token }) {
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  await client.query(
    `with member as (
       insert into staff (login, name, role, password_hash, created_at)
       values ($2, $3, $4, 'not-a-password', now())
       on conflict (login) do update set name = excluded.name
       returning id
     )
     insert into staff_sessions (staff_id, token_hash, created_at, last_seen_at, idle_expires_at, expires_at)
     select id, $1, now(), now(), now() + interval '7 days', now() + interval '7 days' from member
     on conflict (token_hash) do nothing`,
    [tokenHash, login, name, role],
  );
}

export async function withClient(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One autocannon run: requests answered, req/s (mean) and latency percentiles in ms. `tokens` signs
 * requests in, one token per request in turn; every answer must be 2xx/304, or the figure would be
 * a lie. The percentiles come from every response's own time: autocannon's histogram keeps whole
 * milliseconds, so a p50 near 1–2 ms read 1 or 2 and a ratio of two of them 1.00× or 2.00×.
 * `until` (a promise) runs the load until it settles instead of for `seconds`.
 */
export async function load({ url, connections = 10, seconds, tokens = [], headers = {}, until }) {
  let next = 0;
  const setupRequest = (request) => {
    if (tokens.length === 0) return request;
    const token = tokens[next++ % tokens.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  };
  const instance = autocannon({
    url,
    connections,
    duration: until ? 24 * 60 * 60 : seconds,
    headers,
    requests: [{ method: 'GET', setupRequest }],
  });
  const end = () => instance.stop();
  // The caller handles `until` failing; here it only ends the load.
  until?.then(end, end);
  const times = [];
  instance.on('response', (_client, _status, _bytes, milliseconds) => times.push(milliseconds));
  const result = await instance;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(`${url}: ${failed} ответов не 2xx/ошибок из ${result.requests.total}`);
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
  };
}

/** One load run as a line: req/s, and p50 / p99 to a tenth (the ratios use them unrounded). */
export function loadLine(name, figures) {
  return `${name}: ${Math.round(figures.rps)} req/s, p50 ${tenths(figures.p50)} ms, p99 ${tenths(figures.p99)} ms`;
}

function tenths(milliseconds) {
  return Math.round(milliseconds * 10) / 10;
}

/**
 * The value below which `share` of the sorted `values` lie, unrounded: goal 5 divides two p50s
 * near half a millisecond, and tenths made that ratio 1.00, 1.20 or 1.40 (loadLine rounds for reading).
 */
function percentile(values, share) {
  return values[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
}
