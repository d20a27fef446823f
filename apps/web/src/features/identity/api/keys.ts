import { createQueryKeys } from '@/lib/query-keys';

const base = createQueryKeys('identity');

/** Everything of the identity steps; saving a step or a photo invalidates what it changes. */
export const identityKeys = {
  all: base.all,
  step: () => [...base.all, 'step'] as const,
  profile: () => [...base.all, 'profile'] as const,
  photos: () => [...base.all, 'photos'] as const,
};
