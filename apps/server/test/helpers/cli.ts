import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverPackageRoot } from '../../src/paths';

const run = promisify(execFile);
export const CLI_TIMEOUT = 90_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * What `npm run crm:… -- args` runs: tsx src/cli/<script> in the server package, on the
 * embedded database in `dataDir` (DATABASE_URL cleared), with `env` on top.
 */
export async function runCli(
  script: string,
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  const root = serverPackageRoot();
  const tsx = path.join(root, '..', '..', 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await run(tsx, [`src/cli/${script}`, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
      timeout: CLI_TIMEOUT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
