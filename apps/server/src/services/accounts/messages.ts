import type { CompanySettings, SmsPurpose } from '@zaymo/contract';
import type { EmailMessage } from '../../integrations/email/email-sender';

/** The texts of our SMS and e-mails. Short SMS: a Cyrillic segment holds 70 characters. */

const SMS_PURPOSE_WORDS: Record<SmsPurpose, string> = {
  signup: 'для регистрации',
  signin: 'для входа',
  reset: 'для смены пароля',
  phone_change: 'для подтверждения номера',
  sign: 'для подписания документов',
};

export function smsCodeText(brand: string, purpose: SmsPurpose, code: string): string {
  return `${brand}: код ${code} ${SMS_PURPOSE_WORDS[purpose]}. Никому его не сообщайте.`;
}

/**
 * Sent instead of a code when a guest asks for one the number cannot use: the caller
 * sees the same answer for every phone, and only the owner of the number learns why.
 */
export function noCodeText(brand: string, purpose: 'signup' | 'signin' | 'reset'): string {
  if (purpose === 'signup') {
    return `${brand}: этот номер уже зарегистрирован. Войдите в личный кабинет или восстановите пароль.`;
  }
  return `${brand}: этот номер не зарегистрирован. Зарегистрируйтесь в личном кабинете.`;
}

function signature(company: CompanySettings): string {
  return `—\n«${company.brand}», ${company.support_phone}, ${company.support_email}`;
}

export function emailConfirmationLetter(
  company: CompanySettings,
  to: string,
  link: string,
): EmailMessage {
  return {
    to,
    subject: `Подтвердите e-mail в личном кабинете «${company.brand}»`,
    text: [
      'Здравствуйте!',
      '',
      `Чтобы подтвердить этот адрес для личного кабинета «${company.brand}», откройте ссылку:`,
      link,
      '',
      'Ссылка действует 24 часа. Если вы не указывали этот адрес, просто удалите письмо.',
      '',
      signature(company),
    ].join('\n'),
  };
}

export function passwordResetLetter(
  company: CompanySettings,
  to: string,
  link: string,
): EmailMessage {
  return {
    to,
    subject: `Восстановление пароля в «${company.brand}»`,
    text: [
      'Здравствуйте!',
      '',
      'Чтобы задать новый пароль для входа в личный кабинет, откройте ссылку:',
      link,
      '',
      'Ссылка действует 1 час и срабатывает один раз. Если вы не просили сменить пароль, ' +
        'удалите письмо: пароль останется прежним.',
      '',
      signature(company),
    ].join('\n'),
  };
}

export function loginLinkLetter(company: CompanySettings, to: string, link: string): EmailMessage {
  return {
    to,
    subject: `Вход в личный кабинет «${company.brand}»`,
    text: [
      'Здравствуйте!',
      '',
      'Чтобы войти в личный кабинет без пароля, откройте ссылку:',
      link,
      '',
      'Ссылка действует 15 минут и срабатывает один раз. Никому её не пересылайте. Если вы ' +
        'не просили войти, удалите письмо.',
      '',
      signature(company),
    ].join('\n'),
  };
}
