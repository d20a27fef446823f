/**
 * The head manager: document.title is «<screen> — <brand>», or the brand alone. The brand
 * arrives from the settings call, so both parts can change independently. A screen whose title
 * says what happened (Госуслуги linked) puts it over the route's until it leaves.
 */
type HeadState = { brand: string; pageTitle: string | null; outcomeTitle: string | null };

const head: HeadState = { brand: '', pageTitle: null, outcomeTitle: null };

export function installHeadManager(brand: string): void {
  head.brand = brand;
  applyTitle();
}

export function setPageTitle(pageTitle: string | null): void {
  head.pageTitle = pageTitle;
  applyTitle();
}

/** The title of what the screen did, over the route's; null gives the route's back. */
export function setOutcomeTitle(outcomeTitle: string | null): void {
  head.outcomeTitle = outcomeTitle;
  applyTitle();
}

export function setBrandName(brand: string): void {
  head.brand = brand;
  applyTitle();
}

export function composeTitle(pageTitle: string | null, brand: string): string {
  if (!pageTitle) return brand;
  return brand ? `${pageTitle} — ${brand}` : pageTitle;
}

function applyTitle(): void {
  document.title = composeTitle(head.outcomeTitle ?? head.pageTitle, head.brand);
}
