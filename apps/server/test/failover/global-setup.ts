import type { TestProject } from 'vitest/node';
import { clusterPorts, startPatroniCluster, type PatroniCluster } from './patroni';

declare module 'vitest' {
  export interface ProvidedContext {
    patroni: PatroniCluster;
  }
}

/** One Patroni cluster for the failover project's files (scripts/test-failover.sh). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running = await startPatroniCluster(clusterPorts());
  project.provide('patroni', running.cluster);
  return running.stop;
}
