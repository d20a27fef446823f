import type { IdentityStepNumber } from '@zaymo/contract';

/** What every step form receives from the stepper screen. */
export type StepProps<Saved> = {
  /** What the client saved before (resuming, or coming back to this step). */
  saved: Saved | null;
  /** The step is stored; `serverStep` is the step the client is on now. */
  onSaved: (step: IdentityStepNumber, serverStep: number | null) => void;
  /** Back to the previous step (absent on the first). */
  onBack?: (() => void) | undefined;
};

/** A step whose data may be read-only (confirmed by Госуслуги): «Продолжить» only moves on. */
export type LockableStepProps<Saved> = StepProps<Saved> & {
  locked?: boolean;
  onNext?: () => void;
};
