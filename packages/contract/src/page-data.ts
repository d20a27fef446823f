import type { TariffsResponse } from './api/loans';
import type { SettingsResponse } from './api/settings';

/**
 * A prerendered page (`/`, `/signin`) carries the public answers its first screen shows in a
 * JSON data block (`<script type="application/json" id="page-data">`), put in by the server
 * at each request from its in-memory answers: the app renders them at once, with no call of its
 * own. Each answer is exactly what its call returns.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  /** GET /settings/get. */
  settings: SettingsResponse;
  /** GET /tariff/default: on the home page, for the calculator of a guest. */
  defaultTariffs?: TariffsResponse;
}
