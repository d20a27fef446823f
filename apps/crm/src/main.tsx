import '@/styles/app.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { installInputmaskErrorGuard } from '@zaymo/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createRouteObjects } from '@/app/routes';
import { queryClient } from '@/lib/query-client';

/** The console lives under /crm/ (vite.config.ts `base`, the server's static-crm.ts). */
const router = createBrowserRouter(createRouteObjects(), { basename: '/crm' });

installInputmaskErrorGuard(window);

const root = document.getElementById('app');
if (!root) throw new Error('#app is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
