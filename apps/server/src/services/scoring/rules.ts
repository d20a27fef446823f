import {
  formatMoney,
  IDENTIFICATION_LEVEL_TITLES,
  identificationAtLeast,
  kopecks,
  type HighCostVerdict,
  type IdentificationLevel,
  type Kopecks,
} from '@zaymo/contract';
import type { ScoringRuleOutcome } from '../../db/schema';
import { birthDateProblem, passportDatesProblem } from '../identity/rules';

/**
 * The scoring rule engine: pure, one outcome per rule, approved only when every rule passes.
 * The same engine runs in production and in the sandbox; the sandbox only adds test identities
 * (sandbox-identities.ts) and a bureau that answers by the tester's words (sandbox/nbki).
 */

/** What the credit bureau's report gave the rules (services/scoring/bureau-check.ts). */
export interface BureauFacts {
  /** The bureau's own account of the request: «НБКИ: кредитная история получена». */
  readonly detail: string;
  /** A problem that kept the report from the rules (no consent, no answer); null when answered. */
  readonly problem: string | null;
  /** An active self-ban on consumer loans (218-FZ art. 5.1). */
  readonly selfBan: boolean;
  /** The average monthly payments of the borrower's other open loans (Указание 6579-У). */
  readonly monthlyPayments: Kopecks;
  /** The longest overdue among them, in days. */
  readonly worstDaysPastDue: number;
  /** The 545-FZ limits on high-cost loans against the report (high-cost-limits.ts). */
  readonly highCost: HighCostVerdict;
}

export interface ScoringInput {
  /** Moscow's date of the decision. */
  readonly today: string;
  readonly birthDate: string | null;
  readonly passportIssueDate: string | null;
  readonly monthlyIncome: Kopecks | null;
  /** The new loan's average monthly payment (debt-load.ts). */
  readonly payment: Kopecks;
  /** Other issued loans of the client with us that are not repaid. */
  readonly openLoans: number;
  /** The latest moratorium of an earlier refusal (first free day), if any. */
  readonly moratoriumUntil: string | null;
  readonly bureau: BureauFacts;
  readonly maxDebtLoadPercent: number;
  /**
   * The grey zone: a debt load above this share of the income (and within the maximum) goes to a
   * risk specialist instead of being approved by the rules; null — no grey zone.
   */
  readonly reviewDebtLoadPercent: number | null;
  /** An open loan elsewhere overdue longer than this refuses (the risk team's policy). */
  readonly maxDaysPastDue: number;
  /** How the client is identified, and what the law asks of an online loan today (41-ФЗ). */
  readonly identificationLevel: IdentificationLevel;
  readonly requiredIdentificationLevel: IdentificationLevel;
}

export interface ScoringResult {
  readonly approved: boolean;
  readonly rules: readonly ScoringRuleOutcome[];
  /** Why a person should decide although every rule passed («rule:debt_load»), or null. */
  readonly review: string | null;
  /** A refusal by law, told to the client in plain Russian; null for other outcomes. */
  readonly explanation: string | null;
  /** A refusal by law that ends on a known day: no new application before it. */
  readonly notBefore: string | null;
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

/** The monthly payments the debt load weighs: other loans' (the bureau's) and this one's. */
function monthlyDebt({ payment, bureau }: ScoringInput): Kopecks {
  return kopecks(payment + bureau.monthlyPayments);
}

/**
 * ПДН (353-FZ art. 5.1; how it is computed: Указание Банка России 6579-У): the average monthly
 * payments of every loan — the bureau's figures for the others, ours for this one — against
 * the monthly income, as a share in whole percent.
 */
const debtLoad: Rule = (input) => {
  const { monthlyIncome, maxDebtLoadPercent, bureau } = input;
  if (monthlyIncome === null || monthlyIncome <= 0n) {
    return outcome('debt_load', false, 'Доход не указан');
  }
  const debt = monthlyDebt(input);
  const passed = debt * 100n <= monthlyIncome * BigInt(maxDebtLoadPercent);
  const percent = (debt * 100n) / monthlyIncome;
  const others =
    bureau.monthlyPayments > 0n
      ? ` (другие займы по данным бюро — ${formatMoney(bureau.monthlyPayments)} в месяц)`
      : '';
  return outcome(
    'debt_load',
    passed,
    `ПДН — ${percent} % дохода${others}, не больше ${maxDebtLoadPercent} %`,
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

/** The bureau answered (or has no history of the person); without its answer nobody lends. */
const bureauAnswer: Rule = ({ bureau }) =>
  outcome('bureau', bureau.problem === null, bureau.problem ?? bureau.detail);

/** 218-FZ art. 5.1 (31-FZ of 26.02.2024, from 01.03.2025): no loan under an active self-ban. */
const selfBan: Rule = ({ bureau }) =>
  outcome(
    'self_ban',
    !bureau.selfBan,
    bureau.selfBan ? 'Установлен самозапрет на кредиты' : 'Самозапрета нет',
  );

/** 545-FZ of 29.12.2025: the count of high-cost loans and the gap after repaying one. */
const highCostLoans: Rule = ({ bureau }) =>
  outcome('high_cost_loans', bureau.highCost.passed, bureau.highCost.detail);

const overdueDebts: Rule = ({ bureau, maxDaysPastDue }) =>
  outcome(
    'overdue_debts',
    bureau.worstDaysPastDue <= maxDaysPastDue,
    bureau.worstDaysPastDue > 0
      ? `Просрочка по другим займам — ${bureau.worstDaysPastDue} дн. (допустимо до ${maxDaysPastDue})`
      : 'Просрочек по другим займам нет',
  );

const identification: Rule = ({ identificationLevel, requiredIdentificationLevel }) =>
  outcome(
    'identification',
    identificationAtLeast(identificationLevel, requiredIdentificationLevel),
    `Идентификация: ${IDENTIFICATION_LEVEL_TITLES[identificationLevel]}` +
      (requiredIdentificationLevel === 'self_entered'
        ? ''
        : ` (нужно: ${IDENTIFICATION_LEVEL_TITLES[requiredIdentificationLevel]})`),
  );

export const SCORING_RULES: readonly Rule[] = [
  age,
  passport,
  bureauAnswer,
  debtLoad,
  activeLoans,
  moratorium,
  selfBan,
  highCostLoans,
  overdueDebts,
  identification,
];

/** The marker of an order the grey zone of the debt load sends to a person. */
export const DEBT_LOAD_REVIEW = 'rule:debt_load';

/** The client's text of a refusal under a self-ban. */
export const SELF_BAN_EXPLANATION =
  'По данным бюро кредитных историй у вас действует самозапрет на займы, поэтому по закону мы ' +
  'не можем выдать вам заём (218-ФЗ «О кредитных историях», ст. 5.1). Снять самозапрет можно ' +
  'на Госуслугах — он перестаёт действовать на следующий день.';

export const NO_BUREAU_EXPLANATION =
  'Мы не смогли получить вашу кредитную историю из бюро, а без неё закон не позволяет выдать ' +
  'заём.';

/** A debt load in the grey zone: above the review share of the income, at most the maximum. */
function inDebtLoadGreyZone(input: ScoringInput): boolean {
  const { monthlyIncome, reviewDebtLoadPercent } = input;
  if (reviewDebtLoadPercent === null || monthlyIncome === null || monthlyIncome <= 0n) return false;
  return monthlyDebt(input) * 100n > monthlyIncome * BigInt(reviewDebtLoadPercent);
}

/** The refusal a client is told in plain words: the law's, first the self-ban's. */
function explanationOf(rules: readonly ScoringRuleOutcome[]): string | null {
  const failed = (name: string) => rules.find((rule) => rule.rule === name && !rule.passed);
  if (failed('self_ban')) return SELF_BAN_EXPLANATION;
  const highCost = failed('high_cost_loans');
  if (highCost) return highCost.detail;
  if (failed('bureau')) return NO_BUREAU_EXPLANATION;
  return null;
}

export function evaluateScoring(input: ScoringInput): ScoringResult {
  const rules = SCORING_RULES.map((rule) => rule(input));
  const approved = rules.every((rule) => rule.passed);
  const review = approved && inDebtLoadGreyZone(input) ? DEBT_LOAD_REVIEW : null;
  return {
    approved,
    rules,
    review,
    explanation: approved ? null : explanationOf(rules),
    notBefore: approved ? null : input.bureau.highCost.notBefore,
  };
}
