import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { HydrationUnit } from '@/components/hydration-unit';
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
      <HydrationUnit>
        <SiteHeader />
      </HydrationUnit>
      {/* The footer comes with the screen: had it stood below a loading screen's spinner, the
          screen's arrival would push it down (a layout shift); inserted with it, nothing moves. */}
      <Suspense
        fallback={
          <MainContent>
            <ScreenSpinner />
          </MainContent>
        }
      >
        <MainContent>
          <Outlet />
        </MainContent>
        <HydrationUnit>
          <SiteFooter />
        </HydrationUnit>
      </Suspense>
    </div>
  );
}

function MainContent({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} className="layout__main" tabIndex={-1}>
      {children}
    </main>
  );
}
