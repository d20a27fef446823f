import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import type { RouteDefinition } from '@/config/paths';
import { setOutcomeTitle } from '@/lib/head';
import '../accounts.css';

type AuthCardProps = {
  titleKey: RouteDefinition['titleKey'];
  /** What happened, when the screen knows it: the heading and the tab's title say it instead. */
  outcomeTitle?: string | null;
  children: ReactNode;
};

/** The narrow card of the accounts screens: the route's title (or what happened) and its form. */
export function AuthCard({ titleKey, outcomeTitle = null, children }: AuthCardProps) {
  const { t } = useTranslation('routes');
  useEffect(() => {
    setOutcomeTitle(outcomeTitle);
    return () => setOutcomeTitle(null);
  }, [outcomeTitle]);
  return (
    <Card className="accounts-card">
      <PageTitle>{outcomeTitle ?? t(titleKey)}</PageTitle>
      {children}
    </Card>
  );
}

/**
 * A form's controls, disabled together while it is being sent. Disabled controls cannot take
 * the focus, so once the form is enabled again the first field with an error gets it, in the
 * same commit (a layout effect).
 */
export function FormFieldset({ busy, children }: { busy: boolean; children: ReactNode }) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const wasBusy = useRef(false);
  useLayoutEffect(() => {
    if (wasBusy.current && !busy) focusFirstInvalid(ref.current);
    wasBusy.current = busy;
  }, [busy]);
  return (
    <fieldset ref={ref} className="accounts-fieldset" disabled={busy} aria-busy={busy || undefined}>
      {children}
    </fieldset>
  );
}

function focusFirstInvalid(fieldset: HTMLFieldSetElement | null): void {
  fieldset?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
