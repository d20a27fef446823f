import type { refusalShowcaseResponseSchema } from '@zaymo/contract';
import { type WINDOW_TO_OPEN } from '@zaymo/contract';
import type { z } from 'zod';
import { api } from './api-client';
import { readQueryCookies } from './cookies';

export type RefusalShowcaseParams = z.infer<typeof refusalShowcaseResponseSchema>['data']['params'];
export type WindowToOpen = (typeof WINDOW_TO_OPEN)[number];

const MS_PER_SECOND = 1000;

/** GET /clients/refusal-showcase?is_on_page_denied_loan=0|1 (spec §4). */
export async function fetchRefusalShowcase(
  onDeniedPage: boolean,
  signal?: AbortSignal,
): Promise<RefusalShowcaseParams> {
  const answer = await api.get('/clients/refusal-showcase', {
    query: { is_on_page_denied_loan: onDeniedPage ? '1' : '0' },
    ...(signal ? { signal } : {}),
  });
  return answer.data.params;
}

/**
 * The partner's link with the stored cookies appended as a query string (spec §4). «Stored
 * cookies» are the ones the app itself stored: the query parameters of earlier pages (utm_*,
 * click ids). Null for anything but an http(s) address: a `javascript:` link never runs.
 */
export function showcaseRedirectUrl(
  link: string,
  cookies: Record<string, string> = readQueryCookies(),
): string | null {
  let url: URL;
  try {
    url = new URL(link, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const [name, value] of Object.entries(cookies)) url.searchParams.append(name, value);
  return url.href;
}

/** How the partner's page opens; an object so tests can watch it (jsdom cannot navigate). */
export const showcaseWindow = {
  sameWindow: (url: string): void => window.location.assign(url),
  newWindow: (url: string): void => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

function openShowcase(url: string, windowToOpen: WindowToOpen): void {
  if (windowToOpen === 'in-same-window') showcaseWindow.sameWindow(url);
  else showcaseWindow.newWindow(url);
}

/**
 * What the answer asks for: on the decline page a redirect after the latency (in the window the
 * answer names); on other pages a redirect at once, and only into the same window.
 */
function scheduleRedirect(params: RefusalShowcaseParams, onDeniedPage: boolean): number | null {
  if (!params.link) return null;
  const url = showcaseRedirectUrl(params.link);
  if (!url) return null;
  if (!onDeniedPage) {
    if (params.window_to_open === 'in-same-window') openShowcase(url, 'in-same-window');
    return null;
  }
  const delay = params.refusal_link_latency_in_seconds * MS_PER_SECOND;
  return window.setTimeout(() => openShowcase(url, params.window_to_open), delay);
}

/**
 * Spec §4 refusal showcase check of one page visit. Returns the cleanup the next navigation
 * calls: it cancels the call and clears the redirect timer. A failed check is ignored.
 */
export function startRefusalShowcaseCheck(onDeniedPage: boolean): () => void {
  const controller = new AbortController();
  let timer: number | null = null;
  fetchRefusalShowcase(onDeniedPage, controller.signal)
    .then((params) => {
      if (!controller.signal.aborted) timer = scheduleRedirect(params, onDeniedPage);
    })
    .catch(() => undefined);
  return () => {
    controller.abort();
    if (timer !== null) window.clearTimeout(timer);
  };
}
