import i18next from 'i18next';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { notify } from '@/stores/notifications';

/** A react-hook-form resolver with `preload`, which starts loading its schemas without waiting. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * A resolver whose module (the form's zod schemas, and with them zod) is imported on the first
 * validation, not with the form: a prerendered screen mounts without compiling and evaluating
 * zod. Call `preload` when the client starts on the form (its first focus),
 * so a submit rarely waits. When the import fails (no connection), the submit stops with a
 * notice and the next one tries again.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await loaded();
    } catch {
      notify({ message: i18next.t('common:errors.network'), type: 'error' });
      return notLoaded<Input>();
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}

/** Keeps the form from submitting: an error under `root.load`, which no field shows. */
function notLoaded<Input extends FieldValues>(): ResolverResult<Input, never> {
  const errors: FieldErrors = { root: { load: { type: 'load' } } };
  // FieldErrors<Input> of a generic Input cannot be written as a literal; root is in every one.
  return { values: {}, errors: errors as FieldErrors<Input> };
}
