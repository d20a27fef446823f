import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';
import { serverPackageRoot } from './paths';

/** docs/configuration.md: one table row per variable, `NAME` first and its default second. */
const configurationDoc = readFileSync(
  path.join(serverPackageRoot(), '../../docs/configuration.md'),
  'utf8',
);

const documented = [...configurationDoc.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map(
  ([, name = '', defaultCell = '']) => ({ name, defaultCell }),
);

const variables = Object.keys(envSchema.shape);

/** The schema's default of a variable, as a string; undefined when it has none. */
function schemaDefault(name: string): string | undefined {
  const field = envSchema.shape[name as keyof typeof envSchema.shape];
  const parsed = field.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
}

describe('docs/configuration.md', () => {
  it('lists every variable of the schema once, and nothing else', () => {
    const names = documented.map((row) => row.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect({
      missingFromTheDoc: variables.filter((name) => !names.includes(name)),
      notInTheSchema: names.filter((name) => !variables.includes(name)),
    }).toEqual({ missingFromTheDoc: [], notInTheSchema: [] });
  });

  it.each(variables.filter((name) => schemaDefault(name) !== undefined))(
    'gives the default of %s as the schema has it',
    (name) => {
      const row = documented.find((candidate) => candidate.name === name);
      expect(row?.defaultCell).toContain(`\`${schemaDefault(name)}\``);
    },
  );
});
