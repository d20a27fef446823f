import { describe, expect, it } from 'vitest';
import { crmAuditQuerySchema } from './audit';
import { crmShowcaseRuleEditSchema, crmSettingsIdParamsSchema } from './settings';
import { crmTicketsQuerySchema } from './tickets';

describe('the console query schemas accept only what the database can hold', () => {
  it('audit: real dates within 1900–2999, cursors of safe integers', () => {
    const ok = (query: object) => crmAuditQuerySchema.safeParse(query).success;
    expect(ok({ from: '2026-11-24', to: '2026-11-25T10:00:00+03:00', cursor: '1774' })).toBe(true);
    expect(ok({ from: '0000-01-01' })).toBe(false);
    expect(ok({ to: '3000-01-01' })).toBe(false);
    expect(ok({ from: '2026-02-30' })).toBe(false);
    expect(ok({ to: '0001-01-01T00:00:00Z' })).toBe(false);
    expect(ok({ cursor: '9999999999999999' })).toBe(false);
  });

  it('tickets: a cursor whose time is a real one and whose id is a safe integer', () => {
    const ok = (cursor: string) => crmTicketsQuerySchema.safeParse({ cursor }).success;
    expect(ok(`1.${Date.UTC(2026, 10, 24)}.42`)).toBe(true);
    expect(ok('1.9999999999999999.1')).toBe(false);
    expect(ok('0.99999999999999.1')).toBe(false);
    expect(ok(`0.${Date.UTC(2026, 10, 24)}.9999999999999999`)).toBe(false);
  });

  it('settings: ids and partner ids within a 32-bit column', () => {
    expect(crmSettingsIdParamsSchema.safeParse({ id: '2147483647' }).success).toBe(true);
    expect(crmSettingsIdParamsSchema.safeParse({ id: '2147483648' }).success).toBe(false);
    const rule = { latency_seconds: 0, window_to_open: 'in-same-window' };
    expect(crmShowcaseRuleEditSchema.safeParse({ ...rule, partner_id: 7 }).success).toBe(true);
    expect(
      crmShowcaseRuleEditSchema.safeParse({ ...rule, partner_id: 1_000_000_000_000 }).success,
    ).toBe(false);
  });
});
