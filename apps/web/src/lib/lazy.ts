import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export, so feature modules keep named exports only. */
export function lazyNamed<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
