import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { calculatorChoiceQuerySchema, DocumentLink } from '@zaymo/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { loanDocumentsKeys } from './keys';
import { withOrderId } from '../lib/documents';

/** A document of the contract's list, with whether the client has ticked it. */
export type LoanDocument = DocumentLink & { checked: boolean };

type ChoiceQuery = z.output<typeof calculatorChoiceQuerySchema>;

/**
 * The calculator choice the application is filled with (the query of GET
 * /documents/preorder_documents as the contract reads it): all of it, insurances when chosen.
 */
export type CalculatorChoiceQuery = Required<Omit<ChoiceQuery, 'insurance_ids'>> &
  Pick<ChoiceQuery, 'insurance_ids'>;

/**
 * GET /documents/preorder_documents: what the client reads before the order is sent. The
 * choice goes along, so the application PDF shows the amount and term being applied for.
 */
export function usePreorderDocuments(choice: CalculatorChoiceQuery) {
  return useQuery({
    queryKey: loanDocumentsKeys.list({ group: 'preorder', ...choice }),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<LoanDocument[]> => {
      const answer = await api.get('/documents/preorder_documents', {
        query: choice,
        signal,
      });
      return answer.data.map(({ link, name }) => ({ link, name, checked: false }));
    },
  });
}

/**
 * GET /documents/contract_documents?order_id=…: spec §3, each link gets the order id appended
 * and the document is marked checked.
 */
export function useContractDocuments(orderId: number | null) {
  return useQuery({
    queryKey: loanDocumentsKeys.list({ group: 'contract', orderId }),
    enabled: orderId !== null,
    queryFn: async ({ signal }): Promise<LoanDocument[]> => {
      const id = orderId ?? 0;
      const answer = await api.get('/documents/contract_documents', {
        query: { order_id: id },
        signal,
      });
      return answer.data.map(({ link, name }) => ({
        link: withOrderId(link, id),
        name,
        checked: true,
      }));
    },
  });
}
