import { roleIncludes, type StaffRole } from '@zaymo/contract';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { afterSignInPath, ROUTES } from '@/config/paths';
import { useStaffSession } from '@/stores/staff-session';
import { NotFoundScreen } from './not-found-screen';

/** Signed-in screens: without a staff session, sign-in first and come back after. */
export function RequireStaff() {
  const token = useStaffSession((state) => state.token);
  const location = useLocation();
  if (token) return <Outlet />;
  const back = location.pathname + location.search;
  const next = back === '/' ? '' : `?next=${encodeURIComponent(back)}`;
  return <Navigate to={`${ROUTES.signin.path}${next}`} replace />;
}

/**
 * The sign-in screen is for those signed out; once signed in (or already), the staff member goes
 * where sign-in was asked for (?next=), or to the clients.
 */
export function GuestsOnly() {
  const token = useStaffSession((state) => state.token);
  const [search] = useSearchParams();
  return token ? <Navigate to={afterSignInPath(search.get('next'))} replace /> : <Outlet />;
}

/** A screen of a higher role does not exist for a lower one (the server refuses it too). */
export function RequireRole({ role }: { role: StaffRole }) {
  const staff = useStaffSession((state) => state.staff);
  return staff && roleIncludes(staff.role, role) ? <Outlet /> : <NotFoundScreen />;
}
