import { Component, type ReactNode } from 'react';
import { nextTask } from '@/lib/next-task';

/**
 * The app mounting over a prerendered page (build/prerender.ts, build/preact-client.ts)
 * took the whole page in one long task, in which a tap waits (longest on a cheap phone). A part wrapped in `MountInTurn` keeps its prerendered markup while
 * the rest mounts and is taken in a task of its own afterwards, the parts in the order they
 * rendered. Everywhere else (a page built in the browser, the dev server, every later render)
 * the wrapper renders its child at once. The child must be one element: that is what is kept.
 */
export function MountInTurn({ children }: { children: ReactNode }) {
  return (
    <TurnBoundary>
      <TurnGate>{children}</TurnGate>
    </TurnBoundary>
  );
}

type Turn = { taken: boolean; ready: Promise<void> };

let mountingOverMarkup = false;
let lastTurn: Promise<void> = Promise.resolve();

/**
 * Runs `render`, the mount over prerendered markup, with the parts it meets taking turns; later
 * renders make no new turns. Resolves when the last part is mounted.
 */
export function mountInTurns(render: () => void): Promise<void> {
  mountingOverMarkup = true;
  try {
    render();
  } finally {
    mountingOverMarkup = false;
  }
  return lastTurn;
}

function takeTurn(): Turn {
  const turn: Turn = {
    taken: false,
    ready: lastTurn.then(nextTask).then(() => {
      turn.taken = true;
    }),
  };
  lastTurn = turn.ready;
  return turn;
}

/** Throws its turn (a promise) until the turn comes: preact keeps the part's markup meanwhile. */
class TurnGate extends Component<{ children: ReactNode }> {
  private readonly turn: Turn | null = mountingOverMarkup ? takeTurn() : null;

  override render() {
    if (this.turn && !this.turn.taken) throw this.turn.ready;
    return this.props.children;
  }
}

type Suspended = { __c: { forceUpdate: () => void } };

/**
 * Catches the gate's promise and renders the gate again when it resolves. preact/compat's
 * Suspense would show its fallback instead of the kept markup when not hydrating; `__c` is the
 * name preact's build gives the hook it calls on the nearest ancestor that has it (Suspense's
 * `_childDidSuspend`); components/mount-in-turn.test.tsx keeps it honest. React never calls it
 * (and the gate never throws there).
 */
class TurnBoundary extends Component<{ children: ReactNode }> {
  __c(ready: Promise<void>, gate: Suspended) {
    void ready.then(() => gate.__c.forceUpdate());
  }

  override render() {
    return this.props.children;
  }
}
