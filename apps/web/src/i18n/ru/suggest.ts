/** The suggestion combobox (components/suggest). */
export const suggest = {
  count_zero: 'Подсказок нет',
  count_one: '{{count}} подсказка, выбирайте стрелками',
  count_few: '{{count}} подсказки, выбирайте стрелками',
  count_many: '{{count}} подсказок, выбирайте стрелками',
  count_other: '{{count}} подсказки, выбирайте стрелками',
  listLabel: 'Подсказки: {{field}}',
};
