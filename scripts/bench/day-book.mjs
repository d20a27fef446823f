// The loan book of the day-jobs bench, seeded by set-based SQL on a migrated database (every index
// and constraint as production has them), and the counts printed beside the day's figures.
import { performance } from 'node:perf_hooks';
import { seedClients, withClient } from './load.mjs';

/*
 * The book on the seeding day D0 (the day's run is D1, the sandbox clock moved to its noon): a
 * client per loan, each with a registration address, an active card (autopay off) and a live
 * session, and a first-tariff
 * loan (1 000–30 000 ₽ by 1 000, 5–30 days, 0.8 % a day; the tariff's bounds). Each loan's shape
 * comes from hashes of its client's number, so it is spread yet the same in every run:
 *
 * - OVERDUE_SHARE (9 %) are overdue by 1–MAX_DAYS_PAST_DUE days, uniformly: a loan past 90 days
 *   is usually sold or handed to an agency, and at 0.8 % a day it stays under the 130 % cap.
 * - DEFAULT_SHARE (0.1 %) are due on D0 and unpaid: they go overdue on D1. 9 % spread over 90
 *   days is 0.1 % a day, so the overdue part keeps its size; the others due on D0 have paid.
 * - The rest are current: a loan of term T issued on a random day of the last T, i.e. each pair
 *   (term, days left) of 5 ≤ T ≤ 30, 1 ≤ left ≤ T equally likely. That is a steady flow of loans
 *   with their terms spread evenly: a longer loan is open for more days, so there are more of them.
 *
 * The ledger is a real one: the payout on the contract day and, as the accrual job books them,
 * one interest entry a day from the day after it up to D0, and one penalty entry a day after the
 * due date. The automatic messages whose first day was D0 or earlier are in loan_reminders as
 * sent (those about an overdue debt in the collectors' contact log too), so D1 plans only those
 * the rules start on D1. Every PENDING_EVERY-th loan has a page payment left pending at the gateway.
 */
const OVERDUE_SHARE = 0.09;
const DEFAULT_SHARE = 0.001;
const MAX_DAYS_PAST_DUE = 90;
const MIN_TERM = 5;
const MAX_TERM = 30;
const STEP_ROUBLES = 1000;
const MAX_STEPS = 30;
/** Per mille a day: 0.8 %. */
const DAILY_PER_MILLE = 8;
/** 20 % a year over 365 days (loan-math penaltyForDay): principal ÷ 1825, rounded down. */
const PENALTY_DIVISOR = 1825;
const PENDING_EVERY = 100;
const GIVEN = 4;
const EXPIRED = 8;
/** Loans seeded per statement: a million in one would hold its whole WAL at once. */
const SEED_STEP = 100_000;
/** Draws are out of this many: the shares are in hundredths of a percent. */
const DRAWS = 10_000;

/** The servers of the bench get these, and the seeded history follows them (the defaults). */
export const REMINDER_RULES = {
  daysBefore: [1, 3],
  overdueNoticeDays: 7,
  dunningDays: [3, 7, 14, 30],
};
export const REMINDER_ENV = {
  REMINDER_DAYS_BEFORE: REMINDER_RULES.daysBefore.join(','),
  OVERDUE_NOTICE_DAYS: String(REMINDER_RULES.overdueNoticeDays),
  DUNNING_DAYS: REMINDER_RULES.dunningDays.join(','),
};

const TODAY = `(now() at time zone 'Europe/Moscow')::date`;

/** A value 0 ≤ x < modulo from the client's number and a salt: the loan's k-th random draw. */
function draw(column, salt, modulo) {
  return `((hashint8extended(${column}, ${salt}) & 2147483647) % ${modulo})::int`;
}

/**
 * Each message of the rules as (kind, day, first, last): its first and last Moscow day relative
 * to the due date, as services/notifications/reminder-schedule.ts plans them.
 */
export function reminderRules({ daysBefore, overdueNoticeDays, dunningDays }) {
  const before = daysBefore.map((day, index) => {
    const nearest = index === 0 ? 0 : daysBefore[index - 1] + 1;
    return ['before_due', day, -day, -nearest];
  });
  const dunning = dunningDays.map((day, index) => {
    const next = dunningDays[index + 1];
    return ['dunning', day, day, next === undefined ? day + 6 : next - 1];
  });
  return [...before, ['overdue_notice', 1, 1, overdueNoticeDays], ...dunning];
}

/**
 * The regions of the clients' registration addresses, one in turn: the 230-FZ hours are those of
 * the debtor's region, and a client of no known region may be written to only in the hours allowed
 * in every zone of Russia (none at a Saturday's noon in Moscow).
 */
const REGIONS = [
  'г Москва',
  'Московская обл',
  'г Санкт-Петербург',
  'Краснодарский край',
  'Респ Татарстан',
  'Свердловская обл',
  'Новосибирская обл',
  'Приморский край',
];

async function seedIdentities(client, from, to) {
  const regions = REGIONS.map((region) => `'${region}'`).join(', ');
  await client.query(
    `insert into client_identities (client_id, addresses, updated_at)
     select id, jsonb_build_object(
         'registration', jsonb_build_object('value', region || ', ул Тестовая, д 1',
           'postal_code', null, 'region', region, 'city', null, 'street', 'ул Тестовая',
           'house', '1', 'flat', null, 'fias_id', null),
         'residence_same', true, 'residence', null),
       now() - interval '60 days'
     from clients
     cross join lateral (select (array[${regions}])[1 + ${draw('id', 6, REGIONS.length)}] as region) r
     where id between $1 and $2`,
    [from, to],
  );
}

async function seedCards(client, from, to) {
  await client.query(
    `insert into cards (client_id, token_sealed, pan_masked, expiry, holder, payment_system,
       is_active, created_at)
     select id, 'bench-card-' || id, '220000******' || lpad((id % 10000)::text, 4, '0'), '12/29',
       'TEST BENCH', 'MIR', true, now() - interval '60 days'
     from clients where id between $1 and $2`,
    [from, to],
  );
}

/** The loans of clients from..to: amount, term and days to the due date from the draws above. */
async function seedOrders(client, from, to) {
  const overdue = Math.round(OVERDUE_SHARE * DRAWS);
  const defaulted = overdue + Math.round(DEFAULT_SHARE * DRAWS);
  const pairs = ((MIN_TERM + MAX_TERM) * (MAX_TERM - MIN_TERM + 1)) / 2;
  const anyTerm = `${MIN_TERM} + ${draw('c.id', 4, MAX_TERM - MIN_TERM + 1)}`;
  await client.query(
    `with pairs as materialized (
       select (row_number() over (order by t, left_days) - 1)::int as pair, t as term, left_days
       from generate_series(${MIN_TERM}, ${MAX_TERM}) t, generate_series(1, t) left_days
     ), shaped as (
       select c.id, c.phone, ${STEP_ROUBLES * 100}::bigint * (1 + ${draw('c.id', 5, MAX_STEPS)}) as amount,
         case when d.draw < ${defaulted} then ${anyTerm} else pairs.term end as term,
         case when d.draw < ${overdue} then -(1 + ${draw('c.id', 2, MAX_DAYS_PAST_DUE)})::int
              when d.draw < ${defaulted} then 0 else pairs.left_days end as left_days
       from clients c
       cross join lateral (select ${draw('c.id', 1, DRAWS)} as draw) d
       join pairs on pairs.pair = ${draw('c.id', 3, pairs)}
       where c.id between $1 and $2
     )
     insert into loan_orders (client_id, status_id, tariff_id, amount, period, day_percent,
       interest, return_sum, psk_percent, psk_amount, client_snapshot, contract_number, due_date,
       created_at, updated_at, signed_at, given_at)
     select s.id, case when s.left_days < 0 then ${EXPIRED} else ${GIVEN} end, tariff.id,
       s.amount, s.term, '0.8', s.amount * ${DAILY_PER_MILLE} / 1000 * s.term,
       s.amount + s.amount * ${DAILY_PER_MILLE} / 1000 * s.term, '292.000',
       s.amount * ${DAILY_PER_MILLE} / 1000 * s.term,
       jsonb_build_object('fullName', 'Нагрузкин Тест Бенчевич', 'phone', s.phone,
         'birthDate', '1990-01-01', 'birthPlace', 'г. Москва',
         'passport', jsonb_build_object('series', '4510', 'number', lpad(s.id::text, 6, '0'),
           'issueDate', '2010-01-01', 'issuedBy', 'ОВД', 'divisionCode', '770-001')),
       'ДЖ-' || lpad(s.id::text, 7, '0'), ${TODAY} + s.left_days,
       given.at, given.at, given.at, given.at
     from shaped s
     cross join lateral (select ((${TODAY} + s.left_days - s.term)::timestamp + interval '10 hours')
       at time zone 'Europe/Moscow' as at) given,
       (select id from tariffs where not is_repeat order by position, id limit 1) tariff`,
    [from, to],
  );
}

/** The payout, then a row a day of interest (and of penalty past the due date) up to D0. */
async function seedLedger(client, from, to) {
  await client.query(
    `insert into loan_ledger (order_id, entry_key, kind, amount, entry_date, created_at)
     select o.id, e.kind || case when e.kind = 'payout' then '' else ':' || e.day end,
       e.kind, e.amount, e.day, e.day::timestamp at time zone 'Europe/Moscow'
     from loan_orders o
     cross join lateral (
       select 'payout' as kind, o.amount, o.due_date - o.period as day
       union all
       select 'interest', o.amount * ${DAILY_PER_MILLE} / 1000, o.due_date - o.period + i
       from generate_series(1, ${TODAY} - (o.due_date - o.period)) i
       union all
       select 'penalty', o.amount / ${PENALTY_DIVISOR}, o.due_date + i
       from generate_series(1, ${TODAY} - o.due_date) i
     ) e
     where o.client_id between $1 and $2`,
    [from, to],
  );
}

/**
 * The messages each loan had by D0 (first day on or after its contract day): sent at noon of
 * their first day; those about an overdue debt in the contact log, which the 230-FZ limits count.
 */
async function seedMessageHistory(client, from, to) {
  const rules = reminderRules(REMINDER_RULES)
    .map(([kind, day, first, last]) => `('${kind}', ${day}, ${first}, ${last})`)
    .join(', ');
  await client.query(
    `with sent as (
       insert into loan_reminders (order_id, client_id, kind, due_date, day, last_day, state,
         next_attempt_at, attempts, channels, text, sent_at, created_at)
       select o.id, o.client_id, r.kind, o.due_date, r.day, o.due_date + r.last_offset, 'sent',
         m.at, 1, '{sms}', 'Сообщение из истории бенча', m.at, m.at
       from loan_orders o
       cross join (values ${rules}) r(kind, day, first_offset, last_offset)
       cross join lateral (select ((o.due_date + r.first_offset)::timestamp + interval '12 hours')
         at time zone 'Europe/Moscow' as at) m
       where o.client_id between $1 and $2
         and o.due_date + r.first_offset between o.due_date - o.period and ${TODAY}
       returning order_id, client_id, kind, text, sent_at
     )
     insert into collection_contacts (client_id, order_id, channel, note, at)
     select client_id, order_id, 'sms', text, sent_at from sent where kind <> 'before_due'`,
    [from, to],
  );
}

/**
 * Every PENDING_EVERY-th loan gets a page payment started yesterday and left unpaid: an order
 * registered at the sandbox gateway and our pending operation pointing to it.
 */
async function seedPendingPayments(databaseUrl) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `with loans as (
         select o.id, o.client_id from loan_orders o
         where o.status_id in (${GIVEN}, ${EXPIRED}) and o.id % ${PENDING_EVERY} = 0
       ), pages as (
         insert into sandbox.b2p_orders (sector, amount, currency, reference, description, state,
           created_at, expires_at)
         select '7301', 100000, '643', 'bench-page-' || id, 'Погашение займа',
           'REGISTERED', now() - interval '1 day', now() - interval '1 hour'
         from loans
         returning id, reference
       )
       insert into payment_operations (kind, client_id, gateway_order_id, reference,
         idempotency_key, amount, status, loan_order_id, expires_at, created_at, updated_at)
       select 'payment', loans.client_id, pages.id::text, pages.reference,
         'bench:' || pages.reference, 100000, 'pending', loans.id, now() - interval '1 hour',
         now() - interval '1 day', now() - interval '1 day'
       from pages join loans on pages.reference = 'bench-page-' || loans.id`,
    );
    await client.query('vacuum analyze payment_operations');
  });
}

const SEEDED_TABLES = [
  'client_identities',
  'cards',
  'loan_orders',
  'loan_ledger',
  'loan_reminders',
  'collection_contacts',
  'sandbox.b2p_orders',
  'payment_operations',
];

/** The whole book of `loans` loans, then VACUUM ANALYZE; the seconds it took. */
export async function seedBook(databaseUrl, loans) {
  const started = performance.now();
  await seedClients(databaseUrl, 1, loans);
  await withClient(databaseUrl, async (client) => {
    for (let from = 1; from <= loans; from += SEED_STEP) {
      const to = Math.min(loans, from + SEED_STEP - 1);
      await seedIdentities(client, from, to);
      await seedCards(client, from, to);
      await seedOrders(client, from, to);
      await seedLedger(client, from, to);
      await seedMessageHistory(client, from, to);
    }
  });
  await seedPendingPayments(databaseUrl);
  await withClient(databaseUrl, async (client) => {
    for (const table of SEEDED_TABLES) await client.query(`vacuum analyze ${table}`);
  });
  return (performance.now() - started) / 1000;
}

/**
 * What the book holds on `day` (D0 when null): open and overdue loans, ledger rows, messages (and
 * of those planned that day, how many went, wait for an allowed hour or were dropped), pending
 * operations, credit-history events.
 */
export async function bookCounts(databaseUrl, day = null) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `with day as (select coalesce($1::date, ${TODAY}) as date),
       since as (select (date::timestamp at time zone 'Europe/Moscow') as at from day)
       select
         (select count(*) from loan_orders where status_id in (${GIVEN}, ${EXPIRED}))::int as open,
         (select count(*) from loan_orders, day
           where status_id in (${GIVEN}, ${EXPIRED}) and due_date < day.date)::int as overdue,
         (select count(*) from loan_ledger)::int as ledger,
         (select count(*) from loan_reminders)::int as messages,
         (select count(*) filter (where state = 'sent')::int from loan_reminders, since
           where created_at >= since.at) as sent,
         (select count(*) filter (where state = 'pending')::int from loan_reminders, since
           where created_at >= since.at) as waiting,
         (select count(*) filter (where state = 'dropped')::int from loan_reminders, since
           where created_at >= since.at) as dropped,
         (select count(*) from payment_operations where status = 'pending')::int as pending,
         (select count(*) from credit_history_events)::int as bureau,
         (select coalesce(string_agg(code || ' ' || n, ', ' order by n desc), '') from (
           select refusal_code as code, count(*) as n from loan_reminders, since
           where created_at >= since.at and refusal_code is not null group by 1) r) as refusals`,
      [day],
    );
    return rows[0];
  });
}
