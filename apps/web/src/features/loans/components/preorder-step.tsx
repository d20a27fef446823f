import { useId, useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toMoneyString } from '@zaymo/contract';
import { ClientOnly } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/paths';
import { showErrorNotice } from '@/lib/error-notice';
import { useCalculatorStore, type CalculatorState } from '@/stores/calculator';
import {
  usePreorderDocuments,
  type CalculatorChoiceQuery,
  type LoanDocument,
} from '../api/documents';
import { useIdentification } from '../api/identification';
import { useCreateOrder, type CreateOrderRequest } from '../api/orders';
import { insurancesOf } from '../lib/calculator';
import { clearInsuranceChoice } from '../lib/calculator-actions';
import { documentKindOf } from '../lib/documents';
import { DocumentLink } from './document-link';
import { IdentificationRule, identificationMissing } from './identification-rule';
import { LoadFailed, Loading } from './load-failed';

function chosenInsuranceIds(state: CalculatorState): number[] {
  return insurancesOf(state)
    .filter((item) => item.checked)
    .map((item) => item.id);
}

/** The calculator choice as the order call wants it. */
function orderRequest(documents: LoanDocument[]): CreateOrderRequest | null {
  const state = useCalculatorStore.getState();
  if (state.tariffId === null) return null;
  return {
    tariff_id: state.tariffId,
    amount: toMoneyString(state.amount),
    period: state.period,
    insurance_ids: chosenInsuranceIds(state),
    accepted_documents: documents.map(documentKindOf).filter((kind) => kind !== null),
  };
}

/** The same choice for the documents' links. */
function useChoiceQuery(): CalculatorChoiceQuery {
  const state = useCalculatorStore();
  const insuranceIds = chosenInsuranceIds(state).join(',');
  return {
    tariff_id: state.tariffId ?? 0,
    amount: toMoneyString(state.amount),
    period: state.period,
    ...(insuranceIds ? { insurance_ids: insuranceIds } : {}),
  };
}

/** Before the order: the pre-order documents and «Я ознакомился и согласен». */
export function PreorderStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('loans');
  const documents = usePreorderDocuments(useChoiceQuery());
  const identification = useIdentification();
  const ruleId = useId();
  const ruleShown = identification.data ? identificationMissing(identification.data) : false;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus moves with the commit, before paint.
  useLayoutEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="loan-preorder" aria-labelledby="preorder-title">
      <h3 id="preorder-title" ref={headingRef} tabIndex={-1} className="loan-preorder__title">
        {t('preorder.title')}
      </h3>
      {identification.data && <IdentificationRule esia={identification.data} id={ruleId} />}
      {documents.isPending && <Loading text={t('preorder.loading')} />}
      {documents.isError && (
        <LoadFailed text={t('preorder.loadFailed')} onRetry={() => void documents.refetch()} />
      )}
      {documents.data && (
        <>
          <p className="loan-calc__hint">{t('preorder.lead')}</p>
          <ul className="loan-docs">
            {documents.data.map((document) => (
              <li key={document.link}>
                <DocumentLink link={document.link} name={document.name} />
              </li>
            ))}
          </ul>
          <PreorderForm
            documents={documents.data}
            onBack={onBack}
            describedBy={ruleShown ? ruleId : undefined}
          />
        </>
      )}
    </section>
  );
}

type PreorderFormProps = {
  documents: LoanDocument[];
  onBack: () => void;
  /** The law's rule the client does not meet yet, said by the submit button. */
  describedBy: string | undefined;
};

function PreorderForm({ documents, onBack, describedBy }: PreorderFormProps) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const errorId = useId();
  const schema = z.object({
    agree: z.boolean().refine((agreed) => agreed, { error: t('preorder.agreeRequired') }),
  });
  const form = useForm<{ agree: boolean }>({
    resolver: zodResolver(schema),
    defaultValues: { agree: false },
  });
  const error = form.formState.errors.agree?.message;
  const submit = form.handleSubmit(async () => {
    const request = orderRequest(documents);
    if (!request) return;
    try {
      await createOrder.mutateAsync(request);
      clearInsuranceChoice();
      void navigate(ROUTES.profileCheckOrder.path);
    } catch (failure) {
      showErrorNotice(failure);
    }
  });
  return (
    <form className="loan-preorder__form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={createOrder.isPending} className="loan-preorder__fieldset">
        <label className="loan-check loan-check--agree">
          <input
            type="checkbox"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            {...form.register('agree')}
          />
          <span className="loan-check__label">{t('preorder.agree')}</span>
        </label>
        {error && (
          <p id={errorId} className="loan-field-error" role="alert">
            {error}
          </p>
        )}
        <div className="loan-actions">
          <ClientOnly hint={t('preorder.operator')}>
            <Button type="submit" loading={createOrder.isPending} aria-describedby={describedBy}>
              {t('preorder.submit')}
            </Button>
          </ClientOnly>
          <Button variant="ghost" onClick={onBack}>
            {t('preorder.back')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
