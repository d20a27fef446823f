import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Composition } from '../composition';
import type { AppContext } from '../context';

export interface RouteOptions {
  ctx: AppContext;
  /** Adapters and background jobs built once by buildApp (composition.ts). */
  composition: Composition;
}

/**
 * A file of routes: `export const fooRoutes: RoutePlugin = async (app, { ctx, composition }) => …`.
 * Paths are relative to /api; schemas come from @zaymo/contract; handlers call services.
 */
export type RoutePlugin = FastifyPluginAsyncZod<RouteOptions>;
