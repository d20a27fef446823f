import type { Consent, DocumentKind } from '@zaymo/contract';
import { AppError } from '../../errors';
import type { Transaction } from '../../db/locks';
import { clientConsents } from '../../db/schema';

/**
 * The consents sign-up asks for, each a document of its own (152-FZ art. 9 part 1 as amended by
 * 156-FZ of 24.06.2025, in force 01.09.2025: the personal-data consent is never part of another
 * document). Editions live here: a new edition gets a new version, and each consent row keeps
 * the version the client accepted.
 */
export interface RegistrationConsent {
  code: string;
  title: string;
  document: DocumentKind;
  version: string;
  /** The date printed on this edition, YYYY-MM-DD. */
  date: string;
  required: boolean;
  /** Shown on the «Согласия» page: consents proper, not the agreements sign-up also asks for. */
  listed: boolean;
  /** What it allows, and what refusing or withdrawing it stops. */
  effect: string;
}

const FIRST_EDITION = { version: '1.0 от 01.03.2026', date: '2026-03-01' } as const;

export const REGISTRATION_CONSENTS: readonly RegistrationConsent[] = [
  {
    code: 'personal_data',
    title: 'Согласие на обработку персональных данных',
    document: 'personal_data_consent',
    required: true,
    listed: true,
    effect:
      'Без него нельзя зарегистрироваться и получить заём. Отзывается письменным заявлением: ' +
      'после отзыва обработка прекращается, кроме хранения и обработки, которых требует закон ' +
      '(152-ФЗ ст. 9 ч. 2), — например, по действующему договору займа.',
    ...FIRST_EDITION,
  },
  {
    code: 'terms',
    title: 'Правила предоставления микрозаймов и Общие условия договора',
    document: 'terms_of_service',
    required: true,
    listed: false,
    effect: 'Условия, на которых предоставляются займы.',
    ...FIRST_EDITION,
  },
  {
    code: 'asp',
    title: 'Соглашение об использовании аналога собственноручной подписи',
    document: 'asp_agreement',
    required: true,
    listed: false,
    effect: 'Позволяет подписывать документы кодом из SMS.',
    ...FIRST_EDITION,
  },
  {
    code: 'bki',
    title: 'Согласие на запрос в бюро кредитных историй',
    document: 'bki_consent',
    required: false,
    listed: true,
    effect:
      'Нужно, чтобы рассмотреть заявку на заём: без кредитного отчета бюро решение не ' +
      'принимается (218-ФЗ ст. 6 ч. 9). Его можно не давать при регистрации — тогда оно ' +
      'будет запрошено с заявкой. После отзыва мы не запрашиваем бюро по заявке, которая ещё ' +
      'не решена (она будет отклонена); по выданному займу согласие действует весь срок ' +
      'договора (218-ФЗ ст. 6 ч. 10), а сведения о платежах передаются в бюро по закону без ' +
      'согласия.',
    ...FIRST_EDITION,
  },
  {
    code: 'marketing',
    title: 'Согласие на получение рекламных и информационных сообщений',
    document: 'marketing_consent',
    required: false,
    listed: true,
    effect:
      'Позволяет присылать предложения и акции по SMS и e-mail. После отзыва рекламные ' +
      'сообщения прекращаются сразу (38-ФЗ ст. 18 ч. 1); сообщения о вашем займе — платежи, ' +
      'сроки, коды — приходят как прежде.',
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
    effect: consent.effect,
  }));
}

/** The accepted consents, or a 400 naming the missing required ones and any unknown codes. */
export function acceptedConsents(codes: readonly string[]): RegistrationConsent[] {
  const given = new Set(codes);
  const unknown = [...given].filter(
    (code) => !REGISTRATION_CONSENTS.some((consent) => consent.code === code),
  );
  if (unknown.length > 0) throw new AppError('CONSENT_NOT_OFFERED', { field: 'consents' });
  const missing = REGISTRATION_CONSENTS.filter(
    (consent) => consent.required && !given.has(consent.code),
  );
  if (missing.length > 0) {
    const names = missing.map((consent) => `«${consent.title}»`).join(', ');
    throw new AppError('CONSENTS_REQUIRED', { names }, { field: 'consents' });
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
