import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { translationsLoaded } from './i18n';

/**
 * React.lazy for a named export, so feature modules keep named exports only. The component
 * renders once the texts of every namespace are loaded too (lib/i18n.ts).
 */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), translationsLoaded()]);
    return { default: module[name] };
  });
}
