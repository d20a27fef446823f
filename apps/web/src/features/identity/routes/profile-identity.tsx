import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ESIA_STEPS,
  IDENTITY_COMPLETE_STEP,
  type EsiaStep,
  type ClientProfile,
  type IdentityStepNumber,
} from '@zaymo/contract';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { ScreenSpinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/paths';
import { useClientProfile, useIdentityStep } from '../api/identity';
import { EsiaStepNotice } from '../components/esia-step-notice';
import { InnSection } from '../components/inn-section';
import { LoadFailed } from '../components/load-failed';
import { Stepper } from '../components/stepper';
import { progressOf, stepAfterSave, stepNameOf, type Progress } from '../lib/steps';
import { AddressesStepForm } from '../steps/addresses-step';
import { CardStep } from '../steps/card-step';
import { PassportStepForm } from '../steps/passport-step';
import { PersonalStepForm } from '../steps/personal-step';
import { PhotosStepForm } from '../steps/photos-step';
import { WorkStepForm } from '../steps/work-step';
import '../identity.css';

/**
 * /profile/identity: the six steps. Opens the step the server says the client is on (so a
 * reload or another device resumes there) with what was saved; filled steps can be reopened.
 */
export function ProfileIdentityScreen() {
  const { t } = useTranslation('routes');
  const step = useIdentityStep();
  const profile = useClientProfile();
  const retry = () => void Promise.all([step.refetch(), profile.refetch()]);
  return (
    <div className="identity">
      <PageTitle>{t('profileIdentity')}</PageTitle>
      {(step.isPending || profile.isPending) && !(step.isError || profile.isError) && (
        <ScreenSpinner />
      )}
      {(step.isError || profile.isError) && <LoadFailed onRetry={retry} />}
      {step.isSuccess && profile.isSuccess && (
        <IdentityWizard reached={progressOf(step.data)} profile={profile.data} />
      )}
    </div>
  );
}

type Screen = IdentityStepNumber | 'complete';

function screenOf(progress: Progress): Screen {
  return progress === IDENTITY_COMPLETE_STEP ? 'complete' : progress;
}

function IdentityWizard({ reached, profile }: { reached: Progress; profile: ClientProfile }) {
  const [screen, setScreen] = useState<Screen>(() => screenOf(reached));
  const [frontier, setFrontier] = useState(reached);
  if (frontier !== reached) {
    // The server moved on (a card bound, another device): follow it if the client was there.
    setFrontier(reached);
    if (screen === frontier) setScreen(screenOf(reached));
  }
  const headingRef = useMoveFocusOnChange<HTMLHeadingElement>(screen);
  const viewing = screen === 'complete' ? null : screen;
  const open = (step: IdentityStepNumber) => setScreen(step);
  const onSaved = (saved: IdentityStepNumber, serverStep: number | null) =>
    setScreen(screenOf(stepAfterSave(saved, serverStep)));
  return (
    <div className="identity__layout">
      <Stepper viewing={viewing} reached={reached} onOpen={open} />
      <Card className="identity__panel">
        {viewing === null ? (
          <CompletePanel headingRef={headingRef} />
        ) : (
          <StepPanel
            step={viewing}
            profile={profile}
            headingRef={headingRef}
            onOpen={open}
            onSaved={onSaved}
          />
        )}
      </Card>
    </div>
  );
}

type StepPanelProps = {
  step: IdentityStepNumber;
  profile: ClientProfile;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onOpen: (step: IdentityStepNumber) => void;
  onSaved: (step: IdentityStepNumber, serverStep: number | null) => void;
};

function StepPanel({ step, profile, headingRef, onOpen, onSaved }: StepPanelProps) {
  const { t } = useTranslation('identity');
  const onBack = step > 1 ? () => onOpen((step - 1) as IdentityStepNumber) : undefined;
  const common = { onSaved, onBack };
  const esiaStep = ESIA_STEPS[step - 1];
  const confirmed = (name: EsiaStep) => profile.esia.steps[name].state === 'confirmed';
  return (
    <section aria-labelledby="identity-step-title" data-testid={`identity-step-${step}`}>
      <h2 id="identity-step-title" ref={headingRef} tabIndex={-1} className="identity__title">
        {t(`steps.${stepNameOf(step)}`)}
      </h2>
      {esiaStep && <EsiaStepNotice step={esiaStep} status={profile.esia.steps[esiaStep]} />}
      {step === 1 && (
        <PersonalStepForm
          saved={profile.personal}
          locked={confirmed('personal')}
          onNext={() => onOpen(2)}
          {...common}
        />
      )}
      {step === 2 && (
        <PassportStepForm
          saved={profile.passport}
          locked={profile.passport_locked || confirmed('passport')}
          onNext={() => onOpen(3)}
          {...common}
        />
      )}
      {step === 3 && <InnSection />}
      {step === 3 && (
        <AddressesStepForm
          saved={profile.addresses}
          locked={confirmed('addresses')}
          onNext={() => onOpen(4)}
          {...common}
        />
      )}
      {step === 4 && <WorkStepForm saved={profile.work} {...common} />}
      {step === 5 && <PhotosStepForm {...common} />}
      {step === 6 && <CardStep onBack={() => onOpen(5)} />}
    </section>
  );
}

function CompletePanel({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation('identity');
  return (
    <section className="identity-complete" aria-labelledby="identity-complete-title">
      <h2 id="identity-complete-title" ref={headingRef} tabIndex={-1} className="identity__title">
        {t('complete.title')}
      </h2>
      <p>{t('complete.text')}</p>
      <Link className="ui-button ui-button--primary" to={ROUTES.loanlist.path}>
        {t('complete.toLoans')}
      </Link>
    </section>
  );
}

/** A new step takes the focus to its heading (not on first render) and scrolls to the top. */
function useMoveFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
    window.scrollTo({ top: 0 });
  }, [key]);
  return ref;
}
