type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;

/** The router registers its navigate here, so code outside React (the API client) can route. */
export function registerNavigate(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigate?.(to, options);
}
