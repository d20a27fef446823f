import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

export interface RouteOptions {
  ctx: AppContext;
}

/**
 * A file of routes: `export const fooRoutes: RoutePlugin = async (app, { ctx }) => { … }`.
 * Paths are relative to /api; schemas come from @zaymo/contract; handlers call services.
 */
export type RoutePlugin = FastifyPluginAsyncZod<RouteOptions>;
