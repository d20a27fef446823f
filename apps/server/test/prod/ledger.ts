import pg from 'pg';

/*
 * "nothing lost, nothing twice", asked of the database the instances shared. For each
 * loan the ledger is compared with the payment operations and with what the sandbox gateway
 * moved (its own tables), and every charge day appears once. Free of any test runner: the vitest
 * tests (test/prod) and the browser journey (e2e/prod) both call it and expect no problems.
 */

interface LoanMoney {
  order_id: string;
  unsettled: string;
  approved_payouts: string;
  ledger_payout: string;
  ledger_payments: string;
  ledger_refunds: string;
  operations_payout: string;
  operations_payment: string;
  operations_refund: string;
  moved_payout: string;
  moved_purchase: string;
  moved_reverse: string;
  repeated_days: string;
}

const MONEY_OF_LOANS = `
with ops as (
  select loan_order_id as order_id, kind, status, amount, reference
  from payment_operations where loan_order_id = any($1::bigint[])
), moved as (
  select ops.order_id, gw.type, sum(gw.amount) as amount
  from sandbox.b2p_operations gw
  join sandbox.b2p_orders gw_order on gw_order.id = gw.order_id
  join ops on ops.reference = gw_order.reference
  where gw.state = 'APPROVED'
  group by ops.order_id, gw.type
), ledger as (
  select order_id, kind, amount, entry_date from loan_ledger where order_id = any($1::bigint[])
)
select o.id as order_id,
  (select count(*) from ops where ops.order_id = o.id and ops.status in ('new', 'pending')) as unsettled,
  (select count(*) from order_payouts p where p.order_id = o.id and p.status = 'approved') as approved_payouts,
  (select coalesce(sum(case when kind = 'payout' then amount else -amount end), 0) from ledger
     where ledger.order_id = o.id and kind in ('payout', 'insurance_premium')) as ledger_payout,
  (select coalesce(sum(amount), 0) from ledger
     where ledger.order_id = o.id and kind in ('payment', 'prolongation_fee')) as ledger_payments,
  (select coalesce(sum(amount), 0) from ledger
     where ledger.order_id = o.id and kind = 'refund') as ledger_refunds,
  (select coalesce(sum(amount), 0) from ops
     where ops.order_id = o.id and kind = 'payout' and status = 'approved') as operations_payout,
  (select coalesce(sum(amount), 0) from ops
     where ops.order_id = o.id and kind = 'payment' and status = 'approved') as operations_payment,
  (select coalesce(sum(amount), 0) from ops
     where ops.order_id = o.id and kind = 'refund' and status = 'approved') as operations_refund,
  (select coalesce(sum(amount), 0) from moved where moved.order_id = o.id and type = 'P2PCREDIT') as moved_payout,
  (select coalesce(sum(amount), 0) from moved where moved.order_id = o.id and type = 'PURCHASE') as moved_purchase,
  (select coalesce(sum(amount), 0) from moved where moved.order_id = o.id and type = 'REVERSE') as moved_reverse,
  (select count(*) - count(distinct (kind, entry_date)) from ledger
     where ledger.order_id = o.id and kind in ('interest', 'penalty')) as repeated_days
from loan_orders o where o.id = any($1::bigint[])
order by o.id`;

/** Runs one query on its own connection (the instances keep theirs). */
export async function queryRows<T>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What is wrong with these loans' money, one line each; empty when every loan adds up. */
export async function ledgerProblems(databaseUrl: string, orderIds: number[]): Promise<string[]> {
  const rows = await queryRows<LoanMoney>(databaseUrl, MONEY_OF_LOANS, [orderIds]);
  const problems: string[] = [];
  if (rows.length !== orderIds.length)
    problems.push(`loans found: ${rows.length} of ${orderIds.length}`);
  for (const row of rows) {
    const say = (what: string) => problems.push(`order ${row.order_id}: ${what}`);
    const same = (what: string, ...values: string[]) => {
      if (new Set(values.map((value) => BigInt(value))).size !== 1)
        say(`${what} differ: ${values.join(' / ')}`);
    };
    if (row.unsettled !== '0') say(`${row.unsettled} operations left new or pending`);
    if (row.approved_payouts !== '1') say(`${row.approved_payouts} approved payouts`);
    same(
      'payout (ledger − premium / operations / gateway)',
      row.ledger_payout,
      row.operations_payout,
      row.moved_payout,
    );
    same(
      'payments (ledger / operations / gateway)',
      row.ledger_payments,
      row.operations_payment,
      row.moved_purchase,
    );
    same(
      'refunds (ledger / operations / gateway)',
      row.ledger_refunds,
      row.operations_refund,
      row.moved_reverse,
    );
    if (row.repeated_days !== '0')
      say(`${row.repeated_days} interest or penalty days booked twice`);
  }
  return problems;
}
