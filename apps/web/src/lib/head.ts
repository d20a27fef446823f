/**
 * The head manager: document.title is «<screen> — <brand>», or the brand alone. The brand
 * arrives from the settings call, so both parts can change independently.
 */
type HeadState = { brand: string; pageTitle: string | null };

const head: HeadState = { brand: '', pageTitle: null };

export function installHeadManager(brand: string): void {
  head.brand = brand;
  applyTitle();
}

export function setPageTitle(pageTitle: string | null): void {
  head.pageTitle = pageTitle;
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
  document.title = composeTitle(head.pageTitle, head.brand);
}
