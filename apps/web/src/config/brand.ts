/** Shown until GET /api/settings/get answers with the brand, and when it fails. */
export const DEFAULT_BRAND = 'Займо';
