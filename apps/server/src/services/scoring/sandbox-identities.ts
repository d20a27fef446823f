/**
 * Test identities of the sandbox (SCORING_SANDBOX_IDENTITIES, on only in sandbox mode): testers
 * get the decision they need without tuning dates and income.
 *
 * | identity (identity step 1)                 | effect                                          |
 * |--------------------------------------------|-------------------------------------------------|
 * | surname «Отказов» / «Отказова»             | refused, whatever the rules say                 |
 * | surname «Одобренов» / «Одобренова»         | approved, whatever the rules say                |
 * | surname «Проверкин» / «Проверкина»         | manual review: waits for a risk specialist      |
 * | monthly income below twice the payment     | the debt-load rule refuses (no marker needed)   |
 *
 * What the credit bureau answers (self-ban, other loans, silence) the sandbox bureau decides by
 * words in the birth place (sandbox/nbki/rules.ts).
 */

/** `review`: scoring's third outcome, the order waits for a person (the console's queue). */
export type ForcedDecision = 'approve' | 'refuse' | 'review';

export interface SandboxForce {
  readonly decision: ForcedDecision;
  /** What forced it, kept with the decision: «surname:Отказова». */
  readonly marker: string;
}

const FORCING_SURNAMES: readonly { pattern: RegExp; decision: ForcedDecision }[] = [
  { pattern: /^отказова?$/iu, decision: 'refuse' },
  { pattern: /^одобренова?$/iu, decision: 'approve' },
  { pattern: /^проверкина?$/iu, decision: 'review' },
];

export function sandboxForcedDecision(surname: string | null): SandboxForce | null {
  const name = surname?.trim() ?? '';
  const match = FORCING_SURNAMES.find(({ pattern }) => pattern.test(name));
  return match ? { decision: match.decision, marker: `surname:${name}` } : null;
}
