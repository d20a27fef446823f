/** «5 мин», «2 ч 05 мин», «3 дн. 4 ч»: how long an order has waited, by the server's clock. */
export function waitedText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'меньше минуты';
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ч ${String(minutes % 60).padStart(2, '0')} мин`;
  return `${Math.floor(hours / 24)} дн. ${hours % 24} ч`;
}

/** The rules' reasons to ask a person (the server's `rule:…` markers). */
const RULE_REASONS: Readonly<Record<string, string>> = {
  'rule:debt_load': 'Правило: высокая долговая нагрузка (платёж в серой зоне ПДН)',
};

/** What sent the order to a person: a rule, or «surname:Проверкина», the sandbox's test identity. */
export function sentByText(sentBy: string): string {
  const surname = /^surname:(.+)$/u.exec(sentBy)?.[1];
  if (surname) return `Песочница: фамилия «${surname}»`;
  return RULE_REASONS[sentBy] ?? sentBy;
}
