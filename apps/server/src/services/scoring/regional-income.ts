import { readFileSync } from 'node:fs';
import { roubles, type RegionalIncomeTable } from '@zaymo/contract';
import { z } from 'zod';
import builtIn from './regional-income.json' with { type: 'json' };

/*
 * The regional average per capita income that caps an unconfirmed income for ПДН (6579-У, from
 * 01.01.2026). The table is data: regional-income.json, with its source and the period of its
 * figures; PDN_REGIONAL_INCOME_FILE replaces it with a file of the same shape.
 */

const figure = z.object({
  roubles: z.number().int().positive(),
  /** Where the figure was read; for the audit, not used by the rule. */
  read_in: z.string().min(1),
});

const fileSchema = z.object({
  about: z.string(),
  source: z.string().min(1),
  period: z.string().min(1),
  /** YYYY-MM-DD: when the figures were published. */
  published: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  national: figure,
  regions: z.array(
    figure.extend({
      stem: z
        .string()
        .min(3)
        .refine((stem) => stem === stem.toLowerCase() && !stem.includes('ё'), {
          message: 'строчными буквами и с «е» вместо «ё»',
        }),
      name: z.string().min(1),
    }),
  ),
});

export type RegionalIncomeFile = z.infer<typeof fileSchema>;

/** The table the rule reads: integer roubles become kopecks. */
export function regionalIncomeTable(file: unknown): RegionalIncomeTable {
  const parsed = fileSchema.parse(file);
  return {
    source: `${parsed.source}, опубликовано ${parsed.published}`,
    period: parsed.period,
    national: roubles(parsed.national.roubles),
    regions: parsed.regions.map((row) => ({
      stem: row.stem,
      name: row.name,
      income: roubles(row.roubles),
    })),
  };
}

/** The built-in table, or the one in the file the setting names. */
export function loadRegionalIncome(path: string | undefined): RegionalIncomeTable {
  if (!path) return regionalIncomeTable(builtIn);
  return regionalIncomeTable(JSON.parse(readFileSync(path, 'utf8')));
}
