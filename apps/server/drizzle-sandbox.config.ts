import { defineConfig } from 'drizzle-kit';

// The sandbox's own schema (SANDBOX=true only): `npx drizzle-kit generate --config
// drizzle-sandbox.config.ts --name <name>` after editing src/db/sandbox-schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/sandbox-schema.ts',
  out: './drizzle-sandbox',
  schemaFilter: ['sandbox'],
  migrations: { table: '__drizzle_sandbox_migrations', schema: 'drizzle' },
});
