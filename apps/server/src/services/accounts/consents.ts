import type { Consent, DocumentKind } from '@zaymo/contract';
import { AppError } from '../../errors';
import type { Transaction } from '../../db/locks';
import { clientConsents } from '../../db/schema';

/**
 * The consents sign-up asks for (152-FZ: the personal-data consent is a document of its own).
 * Editions live here: a new edition of a document gets a new version, and each client's consent
 * row keeps the version they accepted.
 */
export interface RegistrationConsent {
  code: string;
  title: string;
  document: DocumentKind;
  version: string;
  /** The date printed on this edition, YYYY-MM-DD. */
  date: string;
  required: boolean;
}

const FIRST_EDITION = { version: '1.0 от 01.03.2026', date: '2026-03-01' } as const;

export const REGISTRATION_CONSENTS: readonly RegistrationConsent[] = [
  {
    code: 'personal_data',
    title: 'Согласие на обработку персональных данных',
    document: 'personal_data_consent',
    required: true,
    ...FIRST_EDITION,
  },
  {
    code: 'terms',
    title: 'Правила предоставления микрозаймов и Общие условия договора',
    document: 'terms_of_service',
    required: true,
    ...FIRST_EDITION,
  },
  {
    code: 'asp',
    title: 'Соглашение об использовании аналога собственноручной подписи',
    document: 'asp_agreement',
    required: true,
    ...FIRST_EDITION,
  },
  {
    code: 'bki',
    title: 'Согласие на запрос в бюро кредитных историй',
    document: 'bki_consent',
    required: false,
    ...FIRST_EDITION,
  },
  {
    code: 'marketing',
    title: 'Согласие на получение информационных и рекламных сообщений',
    // No document of its own yet: the privacy policy describes the processing it allows.
    document: 'privacy_policy',
    required: false,
    ...FIRST_EDITION,
  },
];

/** The documents anyone may open before signing up (GET /documents/public/{kind}). */
export const PUBLIC_DOCUMENTS: ReadonlyMap<DocumentKind, { version: string; date: string }> =
  new Map(
    [...REGISTRATION_CONSENTS.map((consent) => consent.document), 'privacy_policy' as const].map(
      (document) => [document, FIRST_EDITION],
    ),
  );

export function publicDocumentLink(document: DocumentKind): string {
  return `/api/documents/public/${document}`;
}

export function presentConsents(): Consent[] {
  return REGISTRATION_CONSENTS.map((consent) => ({
    code: consent.code,
    title: consent.title,
    document_link: publicDocumentLink(consent.document),
    version: consent.version,
    required: consent.required,
  }));
}

/** The accepted consents, or a 400 naming the missing required ones and any unknown codes. */
export function acceptedConsents(codes: readonly string[]): RegistrationConsent[] {
  const given = new Set(codes);
  const unknown = [...given].filter(
    (code) => !REGISTRATION_CONSENTS.some((consent) => consent.code === code),
  );
  if (unknown.length > 0) {
    const message = 'Неизвестное согласие. Обновите страницу и отметьте согласия ещё раз';
    throw new AppError('BAD_REQUEST', message, { fields: { consents: message } });
  }
  const missing = REGISTRATION_CONSENTS.filter(
    (consent) => consent.required && !given.has(consent.code),
  );
  if (missing.length > 0) {
    const names = missing.map((consent) => `«${consent.title}»`).join(', ');
    const message = `Чтобы зарегистрироваться, отметьте: ${names}`;
    throw new AppError('BAD_REQUEST', message, { fields: { consents: message } });
  }
  return REGISTRATION_CONSENTS.filter((consent) => given.has(consent.code));
}

export async function recordConsents(
  tx: Transaction,
  clientId: number,
  consents: readonly RegistrationConsent[],
  acceptedAt: Date,
  meta: { ip: string; userAgent: string | null },
): Promise<void> {
  if (consents.length === 0) return;
  await tx.insert(clientConsents).values(
    consents.map((consent) => ({
      clientId,
      code: consent.code,
      document: consent.document,
      version: consent.version,
      acceptedAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })),
  );
}
