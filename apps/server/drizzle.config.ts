import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @zaymo/server` after editing src/db/schema/*; commit the SQL it writes.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
