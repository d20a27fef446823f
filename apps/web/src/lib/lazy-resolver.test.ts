import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { useNotificationsStore } from '@/stores/notifications';
import { lazyResolver } from './lazy-resolver';

type Values = { phone: string };

const OPTIONS: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: undefined };

const checkPhone: Resolver<Values, unknown, Values> = (values): ResolverResult<Values> => {
  if (values.phone.startsWith('+7')) return { values, errors: {} };
  return { values: {}, errors: { phone: { type: 'format', message: 'Проверьте номер' } } };
};

function shownMessages(): string[] {
  return Object.values(useNotificationsStore.getState().notifications).map((item) => item.message);
}

describe('lazyResolver', () => {
  it('imports the schemas on the first validation, once, and answers as they do', async () => {
    const load = vi.fn(() => Promise.resolve(checkPhone));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await expect(resolver({ phone: '+79990000000' }, undefined, OPTIONS)).resolves.toEqual({
      values: { phone: '+79990000000' },
      errors: {},
    });
    const refused = await resolver({ phone: '8999' }, undefined, OPTIONS);
    expect(refused.errors).toEqual({ phone: { type: 'format', message: 'Проверьте номер' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts the import on preload, before any validation', () => {
    const load = vi.fn(() => Promise.resolve(checkPhone));
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops the submit with a notice when the import fails, and tries again on the next', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values, unknown, Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(checkPhone);
    const resolver = lazyResolver(load);

    const failed = await resolver({ phone: '+79990000000' }, undefined, OPTIONS);
    expect(failed.values).toEqual({});
    expect(Object.keys(failed.errors)).toEqual(['root']);
    expect(shownMessages()).toContain(
      'Нет связи с сервером. Проверьте подключение к интернету и повторите попытку.',
    );

    const passed = await resolver({ phone: '+79990000000' }, undefined, OPTIONS);
    expect(passed).toEqual({ values: { phone: '+79990000000' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
