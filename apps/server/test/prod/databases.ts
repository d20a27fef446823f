import { randomBytes } from 'node:crypto';
import { databaseUrlFor, runAdminStatement } from '../helpers/test-database';

/** The test PostgreSQL's database that scripts/with-postgres.sh made (DATABASE_URL). */
export function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL не задан: запустите через scripts/test-production.sh');
  return url;
}

/** A fresh, empty database on the test PostgreSQL. */
export async function freshDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runAdminStatement(adminUrl(), `CREATE DATABASE ${name}`);
  return {
    url: databaseUrlFor(adminUrl(), name),
    drop: () => runAdminStatement(adminUrl(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
