import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '@/components/ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import './layouts.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Public pages and the profile steps: header, the screen, footer. */
export function MainLayout() {
  return (
    <div className="layout">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="layout__main" tabIndex={-1}>
        <Suspense fallback={<ScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
