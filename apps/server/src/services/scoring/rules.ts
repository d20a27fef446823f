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
}

export interface ScoringResult {
  readonly approved: boolean;
  readonly rules: readonly ScoringRuleOutcome[];
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

export function evaluateScoring(input: ScoringInput): ScoringResult {
  const rules = SCORING_RULES.map((rule) => rule(input));
  return { approved: rules.every((rule) => rule.passed), rules };
}
