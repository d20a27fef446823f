import {
  insuranceSchema,
  kopecks,
  tariffSchema,
  toMoneyString,
  type Insurance,
  type Kopecks,
  type Tariff,
  type TariffsResponse,
  moscowDate,
} from '@zaymo/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { insurances, tariffs, type InsuranceRow, type TariffRow } from '../../db/schema';
import { AppError, fieldRefusal } from '../../errors';
import type { Db } from './db';
import { loanChoiceProblems } from './loan-choice';

/** Tariffs and insurances are rows of the database (seeded by a migration), never constants. */

export function presentTariff(row: TariffRow): Tariff {
  return tariffSchema.parse({
    id: row.id,
    name: row.name,
    is_repeat: row.isRepeat,
    min_sum: toMoneyString(kopecks(row.minSum)),
    max_sum: toMoneyString(kopecks(row.maxSum)),
    sum_step: toMoneyString(kopecks(row.sumStep)),
    min_period: row.minPeriod,
    max_period: row.maxPeriod,
    period_step: row.periodStep,
    day_percent: row.dayPercent,
    period: row.period,
  });
}

export function presentInsurance(row: InsuranceRow): Insurance {
  return insuranceSchema.parse({
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: toMoneyString(kopecks(row.price)),
  });
}

export function activeTariffs(db: Db, repeat: boolean): Promise<TariffRow[]> {
  return db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.isRepeat, repeat), eq(tariffs.isActive, true)))
    .orderBy(asc(tariffs.position), asc(tariffs.id));
}

export function activeInsurances(db: Db): Promise<InsuranceRow[]> {
  return db
    .select()
    .from(insurances)
    .where(eq(insurances.isActive, true))
    .orderBy(asc(insurances.position), asc(insurances.id));
}

/** GET /tariff/default and /tariff/repeat: the tariffs with the insurances on offer. */
/** The tariffs with today's Moscow date by the server's clock, which the calculator quotes on. */
export async function tariffsResponse(
  db: Db,
  repeat: boolean,
  now: Date,
): Promise<TariffsResponse> {
  const [tariffRows, insuranceRows] = [await activeTariffs(db, repeat), await activeInsurances(db)];
  return {
    data: {
      tariffs: tariffRows.map(presentTariff),
      service: { insurances: insuranceRows.map(presentInsurance) },
      today: moscowDate(now),
    },
  };
}

/**
 * The tariff an order may use: active; the repeat tariff only for a client with a repaid loan
 * (the default tariff stays open to everyone).
 */
export async function tariffForOrder(
  db: Db,
  tariffId: number,
  clientHasRepaid: boolean,
): Promise<TariffRow> {
  const [row] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, tariffId), eq(tariffs.isActive, true)));
  if (!row) throw new AppError('TARIFF_NOT_FOUND', { field: 'tariff_id' });
  if (row.isRepeat && !clientHasRepaid) {
    throw new AppError('TARIFF_FOR_REPEAT_CLIENTS', { field: 'tariff_id' });
  }
  return row;
}

/** The amount and term within the tariff's bounds and steps; 400 with the fields otherwise. */
export function assertLoanChoice(tariff: TariffRow, amount: Kopecks, period: number): void {
  const problems = loanChoiceProblems(
    {
      minSum: kopecks(tariff.minSum),
      maxSum: kopecks(tariff.maxSum),
      sumStep: kopecks(tariff.sumStep),
      minPeriod: tariff.minPeriod,
      maxPeriod: tariff.maxPeriod,
      periodStep: tariff.periodStep,
    },
    amount,
    period,
  );
  if (Object.keys(problems).length > 0) throw fieldRefusal(problems);
}

/** The chosen insurances, all active; 400 for an unknown one. */
export async function chosenInsurances(db: Db, ids: readonly number[]): Promise<InsuranceRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(insurances)
    .where(and(inArray(insurances.id, unique), eq(insurances.isActive, true)));
  if (rows.length !== unique.length) {
    throw new AppError('INSURANCE_UNAVAILABLE', { field: 'insurance_ids' });
  }
  return rows;
}
