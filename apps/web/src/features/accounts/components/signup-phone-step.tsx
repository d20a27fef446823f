import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { phoneSchema, type Consent } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRegistrationSettings } from '../api/settings';
import { showServerErrors } from '../lib/server-errors';
import { FormFieldset } from './auth-card';
import { ConsentList, requiredConsentsTicked } from './consent-list';
import { LoadError } from './load-error';
import { PhoneField } from './phone-field';
import { RetryCooldownNotice, useRetryCooldown } from './retry-cooldown';

export type PhoneStepResult = { phone: string; consents: string[]; resendAfter: number };

type PhoneStepProps = {
  /** What the client entered before going back from the code step. */
  initial: { phone: string; consents: string[] } | null;
  sendCode: (phone: string) => Promise<{ resendAfter: number }>;
  onSent: (result: PhoneStepResult) => void;
};

/** Sign-up step 1: the phone and the consents, then «Получить код». */
export function SignupPhoneStep(props: PhoneStepProps) {
  const settings = useRegistrationSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()} />;
  return <PhoneStepForm {...props} consents={settings.data.consents} />;
}

const phoneStepSchema = z.object({ phone: phoneSchema });
type PhoneStepInput = z.input<typeof phoneStepSchema>;
type PhoneStepOutput = z.output<typeof phoneStepSchema>;

function PhoneStepForm({
  consents,
  initial,
  sendCode,
  onSent,
}: PhoneStepProps & { consents: Consent[] }) {
  const { t } = useTranslation('accounts');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(initial?.consents));
  const form = useForm<PhoneStepInput, unknown, PhoneStepOutput>({
    resolver: zodResolver(phoneStepSchema),
    defaultValues: { phone: initial?.phone ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const cooldown = useRetryCooldown();
  const consentsGiven = requiredConsentsTicked(consents, ticked);
  const canSubmit = consentsGiven && !cooldown.waiting;
  const describedBy = [
    consentsGiven ? null : 'signup-consents-missing',
    cooldown.waiting ? 'signup-retry-cooldown' : null,
  ].filter(Boolean);
  const toggle = (code: string, checked: boolean) => {
    const next = new Set(ticked);
    if (checked) next.add(code);
    else next.delete(code);
    setTicked(next);
  };
  const submit = form.handleSubmit(async ({ phone }) => {
    try {
      const { resendAfter } = await sendCode(phone);
      onSent({ phone, consents: [...ticked], resendAfter });
    } catch (error) {
      cooldown.onError(error);
      showServerErrors(error, form.setError, { fields: ['phone'] });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormFieldset busy={isSubmitting}>
        <PhoneField registration={form.register('phone')} error={errors.phone?.message} />
        <ConsentList consents={consents} ticked={ticked} onChange={toggle} />
        {!consentsGiven && (
          <p id="signup-consents-missing" className="ui-field__hint">
            {t('consents.missing')}
          </p>
        )}
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={!canSubmit}
          aria-describedby={describedBy.join(' ') || undefined}
        >
          {t('code.get')}
        </Button>
        <RetryCooldownNotice id="signup-retry-cooldown" remaining={cooldown.remaining} />
      </FormFieldset>
    </form>
  );
}
