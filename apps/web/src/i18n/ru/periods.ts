/**
 * Recurrence labels (spec §9) with Russian plural forms. `_zero` is used for a count of 0;
 * `_other` covers fractional counts. The few form of months and weeks is the correct Russian
 * «месяца»/«недели», not the spec's «месяцев»/«недель».
 */
export const periods = {
  Daily_zero: '0 дней',
  Daily_one: '{{count}} день',
  Daily_few: '{{count}} дня',
  Daily_many: '{{count}} дней',
  Daily_other: '{{count}} дня',
  Monthly_zero: '0 месяцев',
  Monthly_one: '{{count}} месяц',
  Monthly_few: '{{count}} месяца',
  Monthly_many: '{{count}} месяцев',
  Monthly_other: '{{count}} месяца',
  EveryWeek_zero: '0 недель',
  EveryWeek_one: '{{count}} неделя',
  EveryWeek_few: '{{count}} недели',
  EveryWeek_many: '{{count}} недель',
  EveryWeek_other: '{{count}} недели',
  Every2Weeks_zero: '0 недель',
  Every2Weeks_one: '{{count}} неделя',
  Every2Weeks_few: '{{count}} недели',
  Every2Weeks_many: '{{count}} недель',
  Every2Weeks_other: '{{count}} недели',
};
