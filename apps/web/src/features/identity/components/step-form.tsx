import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type StepFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Saving: every control is disabled together and the button shows a spinner. */
  busy: boolean;
  /** Shown when there is an earlier step to go back to. */
  onBack?: (() => void) | undefined;
  /** False keeps «Продолжить» disabled (photos not all there yet). */
  canSubmit?: boolean;
  /** Read-only data (a locked passport): the fields are disabled but «Продолжить» works. */
  readOnly?: boolean;
  children: ReactNode;
};

/** «Продолжить» on read-only data: nothing to save, the next step opens. */
export function moveOn(event: FormEvent<HTMLFormElement>, onNext?: () => void): void {
  event.preventDefault();
  onNext?.();
}

/** A step's form: its fields in a fieldset disabled while saving, then «Назад» and «Продолжить». */
export function StepForm({
  onSubmit,
  busy,
  onBack,
  canSubmit = true,
  readOnly = false,
  children,
}: StepFormProps) {
  const { t } = useTranslation('identity');
  return (
    <form className="identity-form" onSubmit={onSubmit} noValidate>
      <fieldset className="identity-form__fieldset" disabled={busy} aria-busy={busy}>
        <fieldset className="identity-form__fieldset identity-form__fields" disabled={readOnly}>
          {children}
        </fieldset>
        <div className="identity-form__actions">
          {onBack && (
            <Button variant="secondary" onClick={onBack}>
              {t('actions.back')}
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={!canSubmit}>
            {t('actions.next')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
