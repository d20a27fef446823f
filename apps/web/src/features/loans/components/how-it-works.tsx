import { useTranslation } from 'react-i18next';

const STEPS = ['apply', 'decision', 'money'] as const;

/** Three steps from the application to money on the card. */
export function HowItWorks() {
  const { t } = useTranslation('loans');
  return (
    <section className="loan-steps" aria-labelledby="loan-steps-title">
      <h2 id="loan-steps-title" className="loan-steps__title">
        {t('steps.title')}
      </h2>
      <ol className="loan-steps__list">
        {STEPS.map((step, index) => (
          <li key={step} className="loan-steps__item">
            <span className="loan-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="loan-steps__name">{t(`steps.${step}.title`)}</h3>
            <p className="loan-steps__text">{t(`steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
