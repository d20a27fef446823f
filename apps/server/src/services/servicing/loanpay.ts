import { createHash, randomBytes } from 'node:crypto';
import {
  endOfMoscowDay,
  startOfMoscowDay,
  toMoneyString,
  type LoanpayLookupResponse,
} from '@zaymo/contract';
import { and, count, eq, gt, gte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { withAdvisoryLocks, type Transaction } from '../../db/locks';
import {
  clients,
  loanOrders,
  loanpayLookups,
  loanpayTokens,
  type LoanOrderRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { loanPosition } from '../loans/ledger';
import { ledgerOf } from '../loans/ledger';
import { refuseRateLimited, secondsUntil } from '../rate-limit';
import { syncLockedLoan } from './accrual';

/*
 * Pay without signing in: the contract number and the borrower's birth date find an open loan
 * and give a pay token (30 minutes, sha256 stored) that pays this loan through the gateway page
 * and nothing else. Lookups are limited per IP from loanpay_lookups rows, counted under an
 * advisory lock, so every instance shares the limit.
 */

type LoanpayContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'messaging'>;

export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
export const LOOKUPS_PER_WINDOW = 10;
const TOKEN_TTL_MS = 30 * 60 * 1000;
export const FAILED_LOOKUPS_PER_CONTRACT_PER_DAY = 5;

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

async function assertUnderLimit(
  tx: Transaction,
  log: FastifyBaseLogger,
  ip: string,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - LOOKUP_WINDOW_MS);
  const [row] = await tx
    .select({ count: count() })
    .from(loanpayLookups)
    .where(and(eq(loanpayLookups.ip, ip), gt(loanpayLookups.createdAt, since)));
  if ((row?.count ?? 0) >= LOOKUPS_PER_WINDOW) {
    refuseRateLimited(log, 'loanpay_lookups', LOOKUP_WINDOW_MS / 1000, {
      error: (_, options) => new AppError('LOANPAY_LOOKUP_LIMIT', options),
      fields: { ip },
    });
  }
}

async function matchingLoan(
  tx: Transaction,
  contractNumber: string,
  birthDate: string,
): Promise<LoanOrderRow | null> {
  const [order] = await tx
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.contractNumber, contractNumber))
    .for('update');
  if (!order || !OPEN_LOAN_STATUSES.includes(order.statusId)) return null;
  return order.clientSnapshot.birthDate === birthDate ? order : null;
}

async function issueToken(tx: Transaction, orderId: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  await tx
    .insert(loanpayTokens)
    .values({ tokenHash: tokenHash(token), orderId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/**
 * Contract numbers are sequential, so besides the per-IP limit each contract number
 * takes at most 5 failed look-ups a Moscow day, from any address; then its guest look-up is
 * closed until the next day. A missing contract is counted and closed the same way, so the
 * answers never tell which numbers exist.
 */
async function assertContractOpen(
  tx: Transaction,
  log: FastifyBaseLogger,
  contractNumber: string,
  now: Date,
) {
  if ((await failedToday(tx, contractNumber, now)) < FAILED_LOOKUPS_PER_CONTRACT_PER_DAY) return;
  refuseRateLimited(log, 'loanpay_contract', secondsUntil(endOfMoscowDay(now), 0, now), {
    error: (_, options) => new AppError('LOANPAY_CONTRACT_LOCKED', options),
    fields: { contractNumber },
  });
}

async function failedToday(tx: Transaction, contractNumber: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(loanpayLookups)
    .where(
      and(
        eq(loanpayLookups.contractNumber, contractNumber),
        eq(loanpayLookups.found, false),
        gte(loanpayLookups.createdAt, startOfMoscowDay(now)),
      ),
    );
  return row?.count ?? 0;
}

/** The client of a contract whose guest look-up just closed, told by SMS (after the commit). */
async function lockedContractPhone(tx: Transaction, contractNumber: string, now: Date) {
  if ((await failedToday(tx, contractNumber, now)) !== FAILED_LOOKUPS_PER_CONTRACT_PER_DAY) {
    return null;
  }
  const [row] = await tx
    .select({ phone: clients.phone })
    .from(loanOrders)
    .innerJoin(clients, eq(clients.id, loanOrders.clientId))
    .where(eq(loanOrders.contractNumber, contractNumber));
  return row?.phone ?? null;
}

async function tellClientOfLock(ctx: LoanpayContext, phone: string, contractNumber: string) {
  const brand = ctx.config.company.brand;
  const text =
    `${brand}: по договору ${contractNumber} сегодня 5 раз неверно указали дату рождения при ` +
    'оплате без входа. Оплата без входа по нему закрыта до завтра; в личном кабинете всё работает.';
  try {
    await ctx.messaging.sms.send({ to: phone, text });
  } catch {
    // The lock holds without the SMS; the client can still pay in the personal account.
  }
}

/** POST /loanpay/lookup. */
export async function lookupLoan(
  ctx: LoanpayContext,
  input: { contractNumber: string; birthDate: string; ip: string; log: FastifyBaseLogger },
): Promise<LoanpayLookupResponse['data']> {
  const locks = [
    { space: 'loanpayIp', key: input.ip },
    { space: 'loanpayContract', key: input.contractNumber },
  ] as const;
  let lockedPhone: string | null = null;
  return withAdvisoryLocks(ctx.db, locks, async (tx) => {
    const now = ctx.clock.now();
    await assertUnderLimit(tx, input.log, input.ip, now);
    await assertContractOpen(tx, input.log, input.contractNumber, now);
    const found = await matchingLoan(tx, input.contractNumber, input.birthDate);
    await tx.insert(loanpayLookups).values({
      ip: input.ip,
      contractNumber: input.contractNumber,
      found: found !== null,
      createdAt: now,
    });
    if (!found) {
      lockedPhone = await lockedContractPhone(tx, input.contractNumber, now);
      return null;
    }
    const { limits } = ctx.config.loans.servicing;
    const synced = await syncLockedLoan(tx, found, now, limits);
    const position = loanPosition(synced.terms, await ledgerOf(tx, found.id), now, limits);
    if (!position) return null;
    const { token, expiresAt } = await issueToken(tx, found.id, now);
    const { principal, interest, penalty, total } = position.balance;
    return {
      contract_number: input.contractNumber,
      due_date: synced.order.dueDate,
      balance: {
        principal: toMoneyString(principal),
        interest: toMoneyString(interest),
        penalty: toMoneyString(penalty),
        total: toMoneyString(total),
        days_to_due: position.daysToDue,
      },
      pay_token: token,
      expires_at: expiresAt.toISOString(),
    };
  }).then(async (answer) => {
    // The failed lookup is recorded (it counts towards the limits) before the 404.
    if (lockedPhone) await tellClientOfLock(ctx, lockedPhone, input.contractNumber);
    if (!answer) throw new AppError('LOANPAY_NOT_FOUND');
    return answer;
  });
}

/** The loan a pay token pays; 401 when it is unknown or expired. */
export async function loanOfPayToken(
  ctx: LoanpayContext,
  token: string,
): Promise<{ orderId: number; clientId: number }> {
  const [row] = await ctx.db
    .select({
      orderId: loanOrders.id,
      clientId: loanOrders.clientId,
      expiresAt: loanpayTokens.expiresAt,
    })
    .from(loanpayTokens)
    .innerJoin(loanOrders, eq(loanOrders.id, loanpayTokens.orderId))
    .where(eq(loanpayTokens.tokenHash, tokenHash(token)));
  if (!row || row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError('PAY_TOKEN_EXPIRED');
  }
  return { orderId: row.orderId, clientId: row.clientId };
}
