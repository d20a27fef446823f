/** Keep in sync with styles/tokens.css (media queries cannot read CSS variables). */
export const BREAKPOINTS = {
  /** Toasts move from top centre to top right from this width (spec §2). */
  toastsAside: 768,
  /** lg: the dashboard menu collapses into a burger below this width (spec §9). */
  lg: 1280,
} as const;

export function minWidthQuery(width: number): string {
  return `(min-width: ${width}px)`;
}
