/**
 * Query-key convention: every entity gets a factory `xKeys = createQueryKeys('x')`, keys go
 * from broad to narrow, and a mutation invalidates `xKeys.all` (or a narrower key) it changes.
 */
export function createQueryKeys<Scope extends string>(scope: Scope) {
  return {
    all: [scope] as const,
    lists: () => [scope, 'list'] as const,
    list: (params: Record<string, unknown> = {}) => [scope, 'list', params] as const,
    details: () => [scope, 'detail'] as const,
    detail: (id: string | number) => [scope, 'detail', id] as const,
  };
}

export const settingsKeys = createQueryKeys('settings');
/** The signed-in client (GET /clients): every change to the client invalidates `clientKeys.all`. */
export const clientKeys = createQueryKeys('client');
