import type { CreateStaffRequest } from '@zaymo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const staffKey = ['crm', 'staff'] as const;

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => api.get('/crm/staff', { signal }),
    select: (answer) => answer.data.staff,
  });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffRequest) => api.post('/crm/staff', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useBlockStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) => api.post('/crm/staff/:id/block', { params: { id: staffId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
