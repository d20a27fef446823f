import type { ReactNode } from 'react';
import { useSessionStore } from '@/stores/session';
import './client-only.css';

/**
 * True in a CRM operator's session (spec §6, admin flag). The server refuses such a session
 * credentials, cards, signing and money, so screens offer none of them to it.
 */
export function useOperatorMode(): boolean {
  return useSessionStore((state) => state.admin);
}

type ClientOnlyProps = {
  /** What the operator reads in place of the action: who does it and where. */
  hint: string;
  children: ReactNode;
};

/** An action only the client may take: an operator sees the short Russian reason instead. */
export function ClientOnly({ hint, children }: ClientOnlyProps) {
  return useOperatorMode() ? <OperatorHint hint={hint} /> : children;
}

/** The reason an operator reads where the client would see an action. */
export function OperatorHint({ hint }: { hint: string }) {
  return (
    <p className="operator-hint" data-testid="operator-hint">
      {hint}
    </p>
  );
}
