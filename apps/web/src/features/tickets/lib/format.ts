import i18next from 'i18next';

/** «850 Б», «12 КБ», «3,4 МБ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return i18next.t('tickets:size.bytes', { value: bytes });
  if (bytes < 1024 * 1024) {
    return i18next.t('tickets:size.kilobytes', { value: Math.round(bytes / 1024) });
  }
  const megabytes = (bytes / (1024 * 1024)).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
  return i18next.t('tickets:size.megabytes', { value: megabytes });
}

/** The first line or so of a message, for the list. */
export function preview(text: string, length = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}
