import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestCreditHolidayFields } from '@zaymo/contract';
import { api, uploadWithProgress } from '@/lib/api-client';
import { creditHolidaysKeys, ordersKeys } from './keys';

/** The multipart field of the request's documents. */
export const CREDIT_HOLIDAY_DOCUMENTS_FIELD = 'documents';

/** GET /credit-holidays */
export function useCreditHolidays() {
  return useQuery({
    queryKey: creditHolidaysKeys.list(),
    queryFn: async ({ signal }) => (await api.get('/credit-holidays', { signal })).data,
  });
}

export type HolidayAsk = RequestCreditHolidayFields & {
  files: readonly File[];
  onProgress: (percent: number) => void;
};

/** POST /credit-holidays (multipart) with upload progress. */
export function useRequestCreditHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, onProgress, ...fields }: HolidayAsk) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      for (const file of files) form.append(CREDIT_HOLIDAY_DOCUMENTS_FIELD, file, file.name);
      return (await uploadWithProgress('/credit-holidays', form, { onProgress })).data.request;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creditHolidaysKeys.all });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
}
