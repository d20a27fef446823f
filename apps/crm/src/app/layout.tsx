import { roleIncludes, STAFF_ROLE_TITLES } from '@zaymo/contract';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { BRAND, NAVIGATION, ROUTES } from '@/config/paths';
import { api, endSession } from '@/lib/api-client';
import { useStaffSession } from '@/stores/staff-session';

/** The signed-in console: header (brand, the screens the role may open, who is signed in), screen. */
export function ConsoleLayout() {
  const staff = useStaffSession((state) => state.staff);
  const [leaving, setLeaving] = useState(false);
  const screens = NAVIGATION.filter((name) => staff && roleIncludes(staff.role, ROUTES[name].role));

  const signOut = async () => {
    setLeaving(true);
    try {
      await api.post('/crm/auth/logout');
    } catch {
      // The session is forgotten here whatever the server answered; it expires there anyway.
    }
    endSession();
  };

  return (
    <div className="console">
      <a className="skip-link" href="#main">
        К содержимому
      </a>
      <header className="console__header">
        <span className="console__brand">{BRAND} · консоль</span>
        <nav className="console__nav" aria-label="Разделы консоли">
          <ul>
            {screens.map((name) => (
              <li key={name}>
                <NavLink to={ROUTES[name].path}>{ROUTES[name].title}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {staff && (
          <div className="console__who">
            <span>
              {staff.name}
              <span className="console__role"> · {STAFF_ROLE_TITLES[staff.role]}</span>
            </span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void signOut()}
              disabled={leaving}
            >
              Выйти
            </button>
          </div>
        )}
      </header>
      <main className="console__main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
