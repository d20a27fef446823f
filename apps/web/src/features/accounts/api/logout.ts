import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROUTES } from '@/config/paths';
import { api } from '@/lib/api-client';
import { signOutLocally } from '@/lib/session';

/** Spec §4, §8: the client is cleared in this browser even when the logout call fails. */
export async function logout(): Promise<void> {
  try {
    await api.get('/clients/logout');
  } catch {
    // The server session expires on its own; the browser must forget the client regardless.
  } finally {
    signOutLocally();
  }
}

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => navigate(ROUTES.signin.path, { replace: true }),
  });
}
