// The collections queue in `npm run bench`: overdue loans among the seeded clients, a collector's
// session, req/s and latency of the queue's first page, and the plan PostgreSQL picks for it
// (services/collections/queue.ts builds the same SQL). Goal: the first page under 100 ms at
// 1 000 000 clients, on loan_orders_overdue_idx.
import { explainAll, load, loadLine, seedStaffSession, withClient } from './load.mjs';
import { processCpuMs } from './machine.mjs';

const COLLECTOR_TOKEN = 'crm_bench-collector-token-0000000000000';

/** Every 20th seeded client (n ≡ 3 mod 20) has a loan overdue by 1–200 days: 5 % of them. */
const EVERY = 20;
const EXPIRED = 8;

export async function seedOverdue(databaseUrl) {
  await withClient(databaseUrl, async (client) => {
    await seedStaffSession(client, {
      login: 'bench-collector',
      name: 'Взыскатель нагрузки',
      role: 'collector',
      token: COLLECTOR_TOKEN,
    });
    await client.query(
      `insert into loan_orders (client_id, status_id, tariff_id, amount, period, day_percent,
         interest, return_sum, psk_percent, psk_amount, client_snapshot, due_date, created_at,
         updated_at)
       select c.id, ${EXPIRED}, tariff.id, 1000000, 30, '0.8', 240000, 1240000, '292.000', 240000,
         jsonb_build_object('fullName', 'Должников', 'phone', c.phone),
         current_date - (1 + c.id % 200)::int, now(), now()
       from clients c,
         (select id from tariffs where not is_repeat order by position, id limit 1) tariff
       where c.id % ${EVERY} = 3
         and not exists (select 1 from loan_orders o where o.client_id = c.id)`,
    );
    await client.query(
      `update loan_orders set contract_number = 'ЗМ-' || lpad(id::text, 6, '0')
       where contract_number is null and status_id = ${EXPIRED}`,
    );
    await client.query(
      `insert into loan_ledger (order_id, entry_key, kind, amount, entry_date, created_at)
       select id, 'payout', 'payout', amount, due_date - 30, now()
       from loan_orders where status_id = ${EXPIRED}
       on conflict do nothing`,
    );
    for (const table of ['loan_orders', 'loan_ledger', 'staff_sessions']) {
      await client.query(`vacuum analyze ${table}`);
    }
  });
}

/** The first page's SQL (queue.ts), unfiltered and in one bucket, with the plans they get. */
export async function explainQueue(databaseUrl) {
  const select = `select o.*, c.surname, c.name, c.patronymic, c.phone, s.id, s.name
    from loan_orders o join clients c on c.id = o.client_id
    left join collection_assignments a on a.order_id = o.id
    left join staff s on s.id = a.staff_id`;
  const overdue = `o.status_id in (4, ${EXPIRED}) and o.due_date < current_date`;
  const tail = `order by o.due_date, o.id limit 26`;
  return explainAll(databaseUrl, {
    'first page': `explain ${select} where ${overdue} ${tail}`,
    'bucket 31-60': `explain ${select} where ${overdue}
      and o.due_date <= current_date - 31 and o.due_date >= current_date - 60 ${tail}`,
  });
}

/**
 * A load run with the server's own CPU time per request beside it (/proc): unlike the latency, it
 * hardly moves when other work shares the machine.
 */
async function loadWithCpu(options, serverPid) {
  const cpuBefore = processCpuMs(serverPid);
  const figure = await load(options);
  return { ...figure, cpuPerRequest: (processCpuMs(serverPid) - cpuBefore) / figure.requests };
}

export async function collectionsFigures(databaseUrl, app, settings) {
  await seedOverdue(databaseUrl);
  for (const [name, query] of [
    ['first page', ''],
    ['bucket 31-60', '?bucket=31-60'],
  ]) {
    const options = {
      url: `${app.origin}/api/crm/collections${query}`,
      connections: 10,
      tokens: [COLLECTOR_TOKEN],
    };
    if (settings.warmupSeconds > 0) await load({ ...options, seconds: settings.warmupSeconds });
    const figure = await loadWithCpu({ ...options, seconds: settings.seconds }, app.child.pid);
    const cpu = `server CPU ${figure.cpuPerRequest.toFixed(1)} ms/request`;
    const text = `${loadLine(`GET /api/crm/collections ${name} (10 conn)`, figure)}, ${cpu}`;
    console.log(`[collections] ${text.padEnd(72)} p99 < 100 ms ${figure.p99 < 100 ? '✓' : '✗'}`);
  }
  const plans = await explainQueue(databaseUrl);
  for (const [name, plan] of Object.entries(plans)) {
    const text = plan.join('\n');
    const indexed = /loan_orders_overdue_idx/.test(text) && !/Seq Scan on loan_orders/.test(text);
    console.log(
      `[collections] ${`EXPLAIN queue ${name}`.padEnd(72)} uses loan_orders_overdue_idx ${indexed ? '✓' : '✗'}`,
    );
    for (const row of plan) console.log(`          ${row}`);
  }
}
