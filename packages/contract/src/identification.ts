// No zod here: the console and the cabinet read the levels without loading the schemas.

/**
 * How a client was identified (41-ФЗ): the data typed by the client, the identity from a
 * confirmed Госуслуги (ЕСИА) account, or that and a match in the Unified Biometric System (ЕБС).
 */
export const IDENTIFICATION_LEVELS = ['self_entered', 'esia_confirmed', 'esia_biometric'] as const;
export type IdentificationLevel = (typeof IDENTIFICATION_LEVELS)[number];

export const IDENTIFICATION_LEVEL_TITLES: Readonly<Record<IdentificationLevel, string>> = {
  self_entered: 'Данные указаны клиентом',
  esia_confirmed: 'Подтверждено Госуслугами',
  esia_biometric: 'Госуслуги и биометрия',
};

/** True when `level` is at least `required`. */
export function identificationAtLeast(
  level: IdentificationLevel,
  required: IdentificationLevel,
): boolean {
  return IDENTIFICATION_LEVELS.indexOf(level) >= IDENTIFICATION_LEVELS.indexOf(required);
}
