import {
  parseMoney,
  type CrmBureauWait,
  type CrmInsurance,
  type CrmPartner,
  type CrmSettingsChange,
  type CrmSettingsEntity,
  type CrmShowcaseRule,
  type CrmTariff,
  type crmInsuranceEditSchema,
  type crmMoratoriumEditSchema,
  type crmPartnerEditSchema,
  type crmShowcaseRuleEditSchema,
  type crmTariffEditSchema,
} from '@zaymo/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  bureauSettings,
  insurances,
  loanSettings,
  refusalPartners,
  refusalShowcaseRules,
  settingsChanges,
  staff,
  tariffs,
  type InsuranceRow,
  type RefusalPartnerRow,
  type SettingsSnapshot,
  type ShowcasePage,
  type TariffRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { bureauWaitPolicy } from '../bureau/wait-policy';
import { moratoriumDays } from '../loans/db';
import { partnerOfferOf } from '../loans/refusal';
import { presentInsurance, presentTariff } from '../loans/tariffs';

/**
 * Tariffs and settings as the console edits them. Each edit runs in one
 * transaction: the row is locked, changed, and a version (before → after, the wire form) is
 * written next to it. The public-data version triggers (tariffs, insurances) make every instance
 * drop its cached calculator answer; orders keep the percent they copied when they were made.
 */

type SettingsContext = Pick<AppContext, 'db' | 'clock' | 'config'>;
type Editor = { id: number };

export function crmTariffOf(row: TariffRow): CrmTariff {
  const { period: _period, ...tariff } = presentTariff(row);
  return { ...tariff, is_active: row.isActive, position: row.position };
}

export function crmInsuranceOf(row: InsuranceRow): CrmInsurance {
  return { ...presentInsurance(row), is_active: row.isActive, position: row.position };
}

export function crmPartnerOf(row: RefusalPartnerRow): CrmPartner {
  return { ...partnerOfferOf(row), is_active: row.isActive, position: row.position };
}

type ShowcaseRuleRow = typeof refusalShowcaseRules.$inferSelect;

function crmShowcaseRuleOf(row: ShowcaseRuleRow): CrmShowcaseRule {
  return {
    page: row.page,
    partner_id: row.partnerId,
    latency_seconds: row.latencySeconds,
    window_to_open: row.windowToOpen as CrmShowcaseRule['window_to_open'],
  };
}

/** Money of a schema-checked edit: the schema accepted only «12345.67». */
function money(text: string): bigint {
  const value = parseMoney(text);
  if (value === null) throw new AppError('VALIDATION');
  return value;
}

/** GET /crm/settings: everything the settings screens list. */
export async function readSettings(ctx: SettingsContext) {
  const [tariffRows, insuranceRows, partnerRows, ruleRows, days, bureauWait] = [
    await ctx.db
      .select()
      .from(tariffs)
      .orderBy(asc(tariffs.isRepeat), asc(tariffs.position), asc(tariffs.id)),
    await ctx.db.select().from(insurances).orderBy(asc(insurances.position), asc(insurances.id)),
    await ctx.db
      .select()
      .from(refusalPartners)
      .orderBy(asc(refusalPartners.position), asc(refusalPartners.id)),
    await ctx.db.select().from(refusalShowcaseRules).orderBy(asc(refusalShowcaseRules.page)),
    await moratoriumDays(ctx.db, ctx.config),
    await bureauWaitPolicy(ctx.db, ctx.config),
  ];
  return {
    tariffs: tariffRows.map(crmTariffOf),
    insurances: insuranceRows.map(crmInsuranceOf),
    partners: partnerRows.map(crmPartnerOf),
    showcase_rules: ruleRows.map(crmShowcaseRuleOf),
    moratorium_days: days,
    bureau_wait: bureauWait,
  };
}

async function recordChange(
  tx: Transaction,
  ctx: SettingsContext,
  editor: Editor,
  item: { entity: CrmSettingsEntity; id: string },
  before: SettingsSnapshot,
  after: SettingsSnapshot,
): Promise<void> {
  await tx.insert(settingsChanges).values({
    entity: item.entity,
    entityId: item.id,
    staffId: editor.id,
    before,
    after,
    changedAt: ctx.clock.now(),
  });
}

export async function editTariff(
  ctx: SettingsContext,
  editor: Editor,
  id: number,
  edit: z.output<typeof crmTariffEditSchema>,
): Promise<CrmTariff> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tariffs).where(eq(tariffs.id, id)).for('update');
    if (!row) throw new AppError('TARIFF_SETTING_NOT_FOUND');
    const [updated] = await tx
      .update(tariffs)
      .set({
        name: edit.name,
        minSum: money(edit.min_sum),
        maxSum: money(edit.max_sum),
        sumStep: money(edit.sum_step),
        minPeriod: edit.min_period,
        maxPeriod: edit.max_period,
        periodStep: edit.period_step,
        dayPercent: edit.day_percent,
        isActive: edit.is_active,
        position: edit.position,
      })
      .where(eq(tariffs.id, id))
      .returning();
    if (!updated) throw new AppError('TARIFF_SETTING_NOT_FOUND');
    const [before, after] = [crmTariffOf(row), crmTariffOf(updated)];
    await recordChange(tx, ctx, editor, { entity: 'tariff', id: String(id) }, before, after);
    return after;
  });
}

export async function editInsurance(
  ctx: SettingsContext,
  editor: Editor,
  id: number,
  edit: z.output<typeof crmInsuranceEditSchema>,
): Promise<CrmInsurance> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(insurances).where(eq(insurances.id, id)).for('update');
    if (!row) throw new AppError('INSURANCE_NOT_FOUND');
    const [updated] = await tx
      .update(insurances)
      .set({
        name: edit.name,
        description: edit.description,
        price: money(edit.price),
        isActive: edit.is_active,
        position: edit.position,
      })
      .where(eq(insurances.id, id))
      .returning();
    if (!updated) throw new AppError('INSURANCE_NOT_FOUND');
    const [before, after] = [crmInsuranceOf(row), crmInsuranceOf(updated)];
    await recordChange(tx, ctx, editor, { entity: 'insurance', id: String(id) }, before, after);
    return after;
  });
}

export async function editPartner(
  ctx: SettingsContext,
  editor: Editor,
  id: number,
  edit: z.output<typeof crmPartnerEditSchema>,
): Promise<CrmPartner> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refusalPartners)
      .where(eq(refusalPartners.id, id))
      .for('update');
    if (!row) throw new AppError('PARTNER_NOT_FOUND');
    const [updated] = await tx
      .update(refusalPartners)
      .set({
        name: edit.name,
        description: edit.description,
        link: edit.link,
        maxSum: money(edit.max_sum),
        rateText: edit.rate_text,
        isActive: edit.is_active,
        position: edit.position,
      })
      .where(eq(refusalPartners.id, id))
      .returning();
    if (!updated) throw new AppError('PARTNER_NOT_FOUND');
    const [before, after] = [crmPartnerOf(row), crmPartnerOf(updated)];
    await recordChange(tx, ctx, editor, { entity: 'partner', id: String(id) }, before, after);
    return after;
  });
}

export async function editShowcaseRule(
  ctx: SettingsContext,
  editor: Editor,
  page: ShowcasePage,
  edit: z.output<typeof crmShowcaseRuleEditSchema>,
): Promise<CrmShowcaseRule> {
  return ctx.db.transaction(async (tx) => {
    if (edit.partner_id !== null) {
      const [partner] = await tx
        .select({ id: refusalPartners.id })
        .from(refusalPartners)
        .where(eq(refusalPartners.id, edit.partner_id));
      if (!partner) throw new AppError('PARTNER_UNKNOWN', { field: 'partner_id' });
    }
    const [row] = await tx
      .select()
      .from(refusalShowcaseRules)
      .where(eq(refusalShowcaseRules.page, page))
      .for('update');
    const values = {
      partnerId: edit.partner_id,
      latencySeconds: edit.latency_seconds,
      windowToOpen: edit.window_to_open,
    };
    const [updated] = await tx
      .insert(refusalShowcaseRules)
      .values({ page, ...values })
      .onConflictDoUpdate({ target: refusalShowcaseRules.page, set: values })
      .returning();
    if (!updated) throw new AppError('SHOWCASE_RULE_NOT_FOUND');
    const before: SettingsSnapshot = row ? crmShowcaseRuleOf(row) : {};
    const after = crmShowcaseRuleOf(updated);
    await recordChange(tx, ctx, editor, { entity: 'showcase_rule', id: page }, before, after);
    return after;
  });
}

export async function editMoratorium(
  ctx: SettingsContext,
  editor: Editor,
  edit: z.output<typeof crmMoratoriumEditSchema>,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(loanSettings).values({ id: 1 }).onConflictDoNothing();
    await tx.select().from(loanSettings).where(eq(loanSettings.id, 1)).for('update');
    const before = await moratoriumDays(tx, ctx.config);
    await tx.update(loanSettings).set({ moratoriumDays: edit.days }).where(eq(loanSettings.id, 1));
    const item = { entity: 'moratorium' as const, id: 'days' };
    await recordChange(tx, ctx, editor, item, { days: before }, { days: edit.days });
    return edit.days;
  });
}

/** POST /crm/settings/bureau-wait: the risk team's rule for a bureau that does not answer. */
export async function editBureauWait(
  ctx: SettingsContext,
  editor: Editor,
  edit: CrmBureauWait,
): Promise<CrmBureauWait> {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(bureauSettings).values({ id: 1 }).onConflictDoNothing();
    await tx.select().from(bureauSettings).where(eq(bureauSettings.id, 1)).for('update');
    const before = await bureauWaitPolicy(tx, ctx.config);
    await tx
      .update(bureauSettings)
      .set({ waitMinutes: edit.minutes, waitAction: edit.action })
      .where(eq(bureauSettings.id, 1));
    const item = { entity: 'bureau_wait' as const, id: 'wait' };
    await recordChange(tx, ctx, editor, item, before, edit);
    return edit;
  });
}

/** Items kept as one row of their own: their history is under a fixed id. */
const SINGLE_ITEM_IDS: Partial<Record<CrmSettingsEntity, string>> = {
  moratorium: 'days',
  bureau_wait: 'wait',
};

/** GET /crm/settings/history: the versions of one item, newest first (at most 100). */
export async function settingsHistory(
  ctx: SettingsContext,
  entity: CrmSettingsEntity,
  id: string | undefined,
): Promise<CrmSettingsChange[]> {
  const rows = await ctx.db
    .select({ change: settingsChanges, login: staff.login, name: staff.name })
    .from(settingsChanges)
    .innerJoin(staff, eq(staff.id, settingsChanges.staffId))
    .where(
      and(
        eq(settingsChanges.entity, entity),
        eq(settingsChanges.entityId, SINGLE_ITEM_IDS[entity] ?? id ?? ''),
      ),
    )
    .orderBy(desc(settingsChanges.id))
    .limit(100);
  return rows.map(({ change, login, name }) => ({
    id: change.id,
    entity: change.entity,
    entity_id: change.entityId,
    changed_at: change.changedAt.toISOString(),
    staff: { id: change.staffId, login, name },
    before: change.before,
    after: change.after,
  }));
}
