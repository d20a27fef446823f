import { createBrowserRouter } from 'react-router';
import { registerNavigate } from '@/lib/navigation';
import { createRouteObjects } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Start-up step: the browser router over the route table, registered for non-React code. */
export function installRouter(): AppRouter {
  const router = createBrowserRouter(createRouteObjects());
  registerNavigate((to, options) => void router.navigate(to, options));
  return router;
}
