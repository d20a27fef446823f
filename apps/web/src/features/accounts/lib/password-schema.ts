import i18next from 'i18next';
import { z } from 'zod';
import type { PasswordSettings } from '@zaymo/contract';

/** A password that follows the server's policy (length here; the other rules on the server). */
export function passwordSchemaFor({ min_length, max_length }: PasswordSettings) {
  return z
    .string()
    .min(1, i18next.t('accounts:password.required'))
    .min(min_length, i18next.t('accounts:password.tooShort', { count: min_length }))
    .max(max_length, i18next.t('accounts:password.tooLong', { count: max_length }));
}

/** An optional password: empty, or one that follows the policy. */
export function optionalPasswordSchemaFor(settings: PasswordSettings) {
  const password = passwordSchemaFor(settings);
  return z.string().superRefine((value, context) => {
    if (value === '') return;
    const issue = password.safeParse(value).error?.issues[0];
    if (issue) context.addIssue({ code: 'custom', message: issue.message });
  });
}

/** The repeat of a new password must match it; the message goes under the repeat. */
export function repeatMatches(values: { password: string; repeat: string }): boolean {
  return values.password === values.repeat;
}

export function repeatMismatch() {
  return { path: ['repeat'], message: i18next.t('accounts:password.mismatch') };
}

/** New password and its repeat. */
export function newPasswordSchemaFor(settings: PasswordSettings) {
  return z
    .object({ password: passwordSchemaFor(settings), repeat: z.string() })
    .refine(repeatMatches, repeatMismatch());
}
