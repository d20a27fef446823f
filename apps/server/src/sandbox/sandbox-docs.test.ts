import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverPackageRoot } from '../paths';
import { SBP_TEST_PHONES } from './best2pay/sbp-rules';
import { TEST_CARDS, THREE_DS_CODE } from './best2pay/test-cards';
import { TEST_CITIZENS } from './esia/citizens';
import { SANDBOX_FNS_RULES } from './fns/rules';
import { SANDBOX_BUREAU_RULES } from './nbki/rules';

/**
 * docs/sandbox.md is what a tester reads: it names every test card, test phone, word the
 * sandbox bureau answers by and test citizen of the sandbox ЕСИА.
 */
const sandboxDoc = readFileSync(path.join(serverPackageRoot(), '../../docs/sandbox.md'), 'utf8');

const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('docs/sandbox.md', () => {
  it.each(TEST_CARDS.map((card) => [grouped(card.pan), card.system]))(
    'lists the test card %s (%s)',
    (pan, system) => {
      expect(sandboxDoc).toContain(`| \`${pan}\` | ${system} |`);
    },
  );

  it('gives the 3-D Secure code', () => {
    expect(sandboxDoc).toContain(`\`${THREE_DS_CODE}\` approves`);
  });

  it.each(SBP_TEST_PHONES.map((phone) => phone.ending))(
    'lists the СБП test phone …%s',
    (ending) => {
      expect(sandboxDoc).toContain(`| \`${ending}\` |`);
    },
  );

  it.each(SANDBOX_BUREAU_RULES.map((rule) => rule.words))(
    'lists the sandbox bureau’s words «%s»',
    (words) => {
      expect(sandboxDoc).toContain(`| «${words}» |`);
    },
  );

  it.each(TEST_CITIZENS.map((citizen) => [citizen.key, citizen.title, citizen.behaviour]))(
    'lists the ЕСИА test citizen %s',
    (key, title, behaviour) => {
      expect(sandboxDoc).toContain(`| \`${key}\` | ${title} | ${behaviour} |`);
    },
  );

  it.each(SANDBOX_FNS_RULES.map((rule) => [rule.ending, rule.answer]))(
    'lists the sandbox ФНС’s passport ending %s',
    (ending, answer) => {
      expect(sandboxDoc).toContain(`| \`${ending}\` | ${answer}`);
    },
  );
});
