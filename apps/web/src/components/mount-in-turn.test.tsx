import { act } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from '../../build/preact-client';
import { MountInTurn, mountInTurns } from './mount-in-turn';

/** What the prerender leaves in the page: the parts as the server-side render saw them. */
const MARKUP =
  '<header id="header" class="held" inert="">Шапка</header>' +
  '<main id="main">Калькулятор загружается</main>' +
  '<footer id="footer">Подвал</footer>';

function Page() {
  const [taps, setTaps] = useState(0);
  return (
    <>
      <MountInTurn>
        <header id="header" className="live">
          Шапка
        </header>
      </MountInTurn>
      <MountInTurn>
        <main id="main">
          <button type="button" onClick={() => setTaps(taps + 1)}>
            Нажато {taps}
          </button>
        </main>
      </MountInTurn>
      <footer id="footer">Подвал</footer>
    </>
  );
}

const byId = (id: string) => document.getElementById(id);

/** The tasks the parts wait for, let go by the test one at a time. */
const tasks = vi.hoisted(() => [] as (() => void)[]);
vi.mock('@/lib/next-task', () => ({
  nextTask: () => new Promise<void>((resolve) => tasks.push(resolve)),
}));

/** The next task of the page, and the renders it lets run. */
async function oneTask(): Promise<void> {
  await vi.waitFor(() => expect(tasks).not.toHaveLength(0));
  await act(async () => tasks.shift()?.());
}

describe('MountInTurn over prerendered markup', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps each part’s markup while the rest mounts, then takes the parts one task each', async () => {
    document.body.innerHTML = `<div id="app">${MARKUP}</div>`;
    const kept = { header: byId('header'), main: byId('main'), footer: byId('footer') };
    const container = byId('app') as HTMLElement;

    const mounted = mountInTurns(() => createRoot(container).render(<Page />));

    // The mount itself: the parts keep their markup as it was, the rest is the app's.
    expect(byId('header')).toBe(kept.header);
    expect(byId('header')).toHaveClass('held');
    expect(byId('main')).toHaveTextContent('Калькулятор загружается');
    expect(byId('footer')).toBe(kept.footer);
    expect(container.children).toHaveLength(3);

    await oneTask();
    expect(byId('header')).toBe(kept.header);
    expect(byId('header')).toHaveClass('live');
    expect(byId('header')).not.toHaveAttribute('inert');
    expect(byId('main')).toHaveTextContent('Калькулятор загружается');

    await oneTask();
    expect(byId('main')).toBe(kept.main);
    expect(byId('main')).toHaveTextContent('Нажато 0');
    await mounted;
    expect(tasks).toHaveLength(0);

    await act(async () => byId('main')?.querySelector('button')?.click());
    expect(byId('main')).toHaveTextContent('Нажато 1');
    expect(container.children).toHaveLength(3);
  });

  it('renders the parts at once where there is no markup to keep', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    await act(async () => createRoot(byId('app') as HTMLElement).render(<Page />));
    expect(byId('header')).toHaveClass('live');
    expect(byId('main')).toHaveTextContent('Нажато 0');
  });
});
