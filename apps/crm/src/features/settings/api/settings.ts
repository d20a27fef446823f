import type {
  CrmBureauWait,
  CrmInsuranceEdit,
  CrmMoratoriumEdit,
  CrmPartnerEdit,
  CrmSettingsEntity,
  CrmShowcaseRuleEdit,
  CrmTariffEdit,
} from '@zaymo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsKey = ['crm', 'settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get('/crm/settings', { signal }),
    select: (answer) => answer.data,
  });
}

/** The versions of one item (`id` absent for the moratorium), newest first. */
export function useSettingsHistory(entity: CrmSettingsEntity, id?: string) {
  return useQuery({
    queryKey: [...settingsKey, 'history', entity, id ?? ''],
    queryFn: ({ signal }) =>
      api.get('/crm/settings/history', { query: { entity, ...(id ? { id } : {}) }, signal }),
    select: (answer) => answer.data.changes,
  });
}

/** An edit refreshes the lists and every history (the edited item's gains a version). */
function useSettingsEdit<Variables>(send: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

export function useEditTariff(id: number) {
  return useSettingsEdit((body: CrmTariffEdit) =>
    api.post('/crm/settings/tariffs/:id', { params: { id }, body }),
  );
}

export function useEditInsurance(id: number) {
  return useSettingsEdit((body: CrmInsuranceEdit) =>
    api.post('/crm/settings/insurances/:id', { params: { id }, body }),
  );
}

export function useEditPartner(id: number) {
  return useSettingsEdit((body: CrmPartnerEdit) =>
    api.post('/crm/settings/partners/:id', { params: { id }, body }),
  );
}

export function useEditShowcaseRule(page: 'denied' | 'other') {
  return useSettingsEdit((body: CrmShowcaseRuleEdit) =>
    api.post('/crm/settings/showcase-rules/:page', { params: { page }, body }),
  );
}

export function useEditMoratorium() {
  return useSettingsEdit((body: CrmMoratoriumEdit) =>
    api.post('/crm/settings/moratorium', { body }),
  );
}

export function useEditBureauWait() {
  return useSettingsEdit((body: CrmBureauWait) => api.post('/crm/settings/bureau-wait', { body }));
}
