import { useTranslation } from 'react-i18next';
import type { IdentityStepNumber } from '@zaymo/contract';
import { cx } from '@/lib/class-names';
import { STEP_COUNT, STEP_NAMES, type Progress } from '../lib/steps';

type StepperProps = {
  /** The step on screen; null when the «Анкета заполнена» panel is. */
  viewing: IdentityStepNumber | null;
  /** How far the client got: steps up to it can be opened. */
  reached: Progress;
  onOpen: (step: IdentityStepNumber) => void;
};

/** «Шаг N из 6» and the six steps: filled ones can be opened again, later ones not yet. */
export function Stepper({ viewing, reached, onOpen }: StepperProps) {
  const { t } = useTranslation('identity');
  return (
    <nav className="stepper" aria-label={t('stepper.label')}>
      {viewing !== null && (
        <p className="stepper__counter">
          {t('stepper.counter', { current: viewing, total: STEP_COUNT })}
        </p>
      )}
      <ol className="stepper__list">
        {STEP_NAMES.map((name, index) => {
          const step = (index + 1) as IdentityStepNumber;
          const state = stateOf(step, viewing, reached);
          return (
            <li key={name} className={cx('stepper__item', `stepper__item--${state}`)}>
              <button
                type="button"
                className="stepper__button"
                aria-current={step === viewing ? 'step' : undefined}
                disabled={step > reached}
                onClick={() => onOpen(step)}
              >
                <span className="stepper__number" aria-hidden="true">
                  {state === 'done' ? '✓' : step}
                </span>
                <span className="stepper__title">{t(`steps.${name}`)}</span>
                <span className="stepper__state">
                  {state === 'done'
                    ? t('stepper.done')
                    : state === 'locked'
                      ? t('stepper.locked')
                      : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type StepState = 'current' | 'done' | 'available' | 'locked';

function stateOf(step: number, viewing: number | null, reached: number): StepState {
  if (step === viewing) return 'current';
  if (step < reached) return 'done';
  return step === reached ? 'available' : 'locked';
}
