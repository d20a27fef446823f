import type { Kopecks } from '@zaymo/contract';
import type { ScoringRuleOutcome } from '../../db/schema';
import { birthDateProblem, passportDatesProblem } from '../identity/rules';

/**
 * The scoring rule engine: pure, one outcome per rule, approved only when every rule passes.
 * The same engine runs in production and in the sandbox; the sandbox only adds test identities
 * (sandbox-identities.ts) and a bureau that answers from markers (bureau.ts).
 */

export interface ScoringInput {
  /** Moscow's date of the decision. */
  readonly today: string;
  readonly birthDate: string | null;
  readonly passportIssueDate: string | null;
  readonly monthlyIncome: Kopecks | null;
  /** The single payment of the loan: principal and interest. */
  readonly payment: Kopecks;
  /** Other issued loans of the client that are not repaid. */
  readonly openLoans: number;
  /** The latest moratorium of an earlier refusal (first free day), if any. */
  readonly moratoriumUntil: string | null;
  /** The credit bureau's self-ban flag (самозапрет на кредиты, 353-FZ art. 8.1). */
  readonly selfBan: boolean;
  readonly maxDebtLoadPercent: number;
  /**
   * The grey zone: a payment above this share of the income (and within the maximum) goes to a
   * risk specialist instead of being approved by the rules; null — no grey zone.
   */
  readonly reviewDebtLoadPercent: number | null;
}

export interface ScoringResult {
  readonly approved: boolean;
  readonly rules: readonly ScoringRuleOutcome[];
  /** Why a person should decide although every rule passed («rule:debt_load»), or null. */
  readonly review: string | null;
}

type Rule = (input: ScoringInput) => ScoringRuleOutcome;

function outcome(rule: string, passed: boolean, detail: string): ScoringRuleOutcome {
  return { rule, passed, detail };
}

const age: Rule = ({ birthDate, today }) => {
  if (!birthDate) return outcome('age', false, 'Дата рождения не указана');
  const problem = birthDateProblem(birthDate, today);
  return outcome('age', problem === null, problem?.message ?? 'Возраст от 18 до 75 лет');
};

const passport: Rule = ({ birthDate, passportIssueDate, today }) => {
  if (!birthDate || !passportIssueDate) return outcome('passport', false, 'Паспорт не указан');
  const problem = passportDatesProblem({ birthDate, issueDate: passportIssueDate, today });
  return outcome('passport', problem === null, problem?.message ?? 'Паспорт действителен');
};

/** ПДН: the loan's payment against the monthly income, as a share in whole percent. */
const debtLoad: Rule = ({ monthlyIncome, payment, maxDebtLoadPercent }) => {
  if (monthlyIncome === null || monthlyIncome <= 0n) {
    return outcome('debt_load', false, 'Доход не указан');
  }
  const passed = payment * 100n <= monthlyIncome * BigInt(maxDebtLoadPercent);
  const percent = (payment * 100n) / monthlyIncome;
  return outcome(
    'debt_load',
    passed,
    `Платёж — ${percent} % дохода (не больше ${maxDebtLoadPercent} %)`,
  );
};

const activeLoans: Rule = ({ openLoans }) =>
  outcome('active_loans', openLoans === 0, `Непогашенных займов: ${openLoans}`);

const moratorium: Rule = ({ moratoriumUntil, today }) => {
  const running = moratoriumUntil !== null && moratoriumUntil > today;
  return outcome(
    'moratorium',
    !running,
    running ? `Мораторий до ${moratoriumUntil}` : 'Моратория нет',
  );
};

const selfBan: Rule = ({ selfBan: banned }) =>
  outcome('self_ban', !banned, banned ? 'Установлен самозапрет на кредиты' : 'Самозапрета нет');

export const SCORING_RULES: readonly Rule[] = [
  age,
  passport,
  debtLoad,
  activeLoans,
  moratorium,
  selfBan,
];

/** The marker of an order the grey zone of the debt load sends to a person. */
export const DEBT_LOAD_REVIEW = 'rule:debt_load';

/** A payment in the grey zone: above the review share of the income, at most the maximum. */
function inDebtLoadGreyZone({ monthlyIncome, payment, reviewDebtLoadPercent }: ScoringInput) {
  if (reviewDebtLoadPercent === null || monthlyIncome === null || monthlyIncome <= 0n) return false;
  return payment * 100n > monthlyIncome * BigInt(reviewDebtLoadPercent);
}

export function evaluateScoring(input: ScoringInput): ScoringResult {
  const rules = SCORING_RULES.map((rule) => rule(input));
  const approved = rules.every((rule) => rule.passed);
  const review = approved && inDebtLoadGreyZone(input) ? DEBT_LOAD_REVIEW : null;
  return { approved, rules, review };
}
