import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverPackageRoot } from '../../src/paths';

const run = promisify(execFile);
/**
 * A CLI run and a fresh PGlite directory (initdb in WebAssembly and every migration) take ~10 s
 * on a quiet machine and over 90 s when it is ten times oversubscribed (seen with a busy loop and
 * two browser suites beside the API tests: all three CLI files timed out). A limit against a hang,
 * not a speed check.
 */
export const CLI_TIMEOUT = 300_000;

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
