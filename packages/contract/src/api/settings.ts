import { z } from 'zod';

/** GET /api/settings/get — the company's public details, from server configuration. */
export const companySettingsSchema = z.object({
  brand: z.string(),
  legal_name: z.string(),
  ogrn: z.string(),
  inn: z.string(),
  cbr_register_entry: z.string(),
  address: z.string(),
  support_phone: z.string(),
  support_email: z.string(),
  working_hours: z.string(),
  site_url: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const settingsResponseSchema = z.object({
  data: z.object({ params: companySettingsSchema }),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
