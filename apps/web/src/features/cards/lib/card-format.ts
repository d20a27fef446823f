/** The last four digits of a masked number: «220000******0004» → «0004». */
export function lastFour(panMasked: string): string {
  return panMasked.slice(-4);
}

/**
 * A masked number as printed on a card: stars become dots, groups of four from the left, the
 * last four apart — «220000******0004» → «2200 00•• •••• 0004».
 */
export function groupedMaskedNumber(panMasked: string): string {
  const dotted = panMasked.replace(/\*/g, '•');
  const head = dotted.slice(0, -4);
  const groups = head.match(/.{1,4}/g) ?? [];
  return [...groups, dotted.slice(-4)].join(' ');
}
