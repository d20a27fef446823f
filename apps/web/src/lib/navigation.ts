/**
 * Navigation for code outside React (the API client). The router registers its navigate
 * function at start-up so a 401 moves within the SPA instead of reloading the page.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let registeredNavigate: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  registeredNavigate = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (registeredNavigate) {
    registeredNavigate(to, options);
    return;
  }
  console.warn(`Навигация на ${to} пропущена: маршрутизатор ещё не подключён.`);
}
