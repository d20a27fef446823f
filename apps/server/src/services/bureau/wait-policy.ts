import type { CrmBureauWait } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { bureauSettings } from '../../db/schema';
import type { Db } from '../loans/db';

/**
 * The risk team's rule for an order whose bureau does not answer (the console's «Настройки»),
 * the configuration's BUREAU_WAIT_MINUTES / BUREAU_WAIT_ACTION until they set it.
 */
export async function bureauWaitPolicy(
  db: Db,
  config: Pick<AppConfig, 'loans'>,
): Promise<CrmBureauWait> {
  const [row] = await db.select().from(bureauSettings).where(eq(bureauSettings.id, 1));
  const defaults = config.loans.scoring.bureauWait;
  return {
    minutes: row?.waitMinutes ?? defaults.minutes,
    action: row?.waitAction ?? defaults.action,
  };
}
