import { describe, expect, it, vi } from 'vitest';

const steps = vi.hoisted(() => [] as string[]);

vi.mock('@/app/start-up', () => {
  const step = (name: string, result?: unknown) => () => {
    steps.push(name);
    return result;
  };
  return {
    createApp: step('create app', { mount: step('mount into #app') }),
    installHeadManager: step('install head manager'),
    installStateStore: step('install state store'),
    installRouter: step('install router', {}),
    restoreSavedToken: step('restore saved token'),
    installTranslations: step('install translations'),
    installInputMask: step('install input mask'),
  };
});

describe('main.tsx', () => {
  it('starts the app in the order of spec §4', async () => {
    await import('@/main');

    expect(steps).toEqual([
      'create app',
      'install head manager',
      'install state store',
      'install router',
      'restore saved token',
      'install translations',
      'install input mask',
      'mount into #app',
    ]);
  });
});
