import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScreenSpinner } from '@/components/ui/spinner';
import { DashboardHeader } from './dashboard-header';
import { DashboardNav } from './dashboard-nav';
import { MAIN_CONTENT_ID } from './main-layout';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import './layouts.css';

/** The client's cabinet: header with logout, section navigation, the screen, footer. */
export function DashboardLayout() {
  return (
    <div className="layout layout--dashboard">
      <SkipLink />
      <DashboardHeader />
      {/* The footer comes with the screen, so its arrival moves nothing (see MainLayout). */}
      <Suspense
        fallback={
          <DashboardContent>
            <ScreenSpinner />
          </DashboardContent>
        }
      >
        <DashboardContent>
          <Outlet />
        </DashboardContent>
        <SiteFooter />
      </Suspense>
    </div>
  );
}

function DashboardContent({ children }: { children: ReactNode }) {
  return (
    <div className="dashboard">
      <DashboardNav />
      <main id={MAIN_CONTENT_ID} className="layout__main dashboard__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
