import { ENDPOINTS, type Endpoints } from '@zaymo/contract';
import { createMockApi, type MockRoutes as TableRoutes } from '@zaymo/web-kit/testing';

/**
 * The API of web tests: MSW handlers built from the contract's endpoint table (the builder is the
 * kit's, packages/web-kit/src/testing/mock-api.ts). A request or answer that breaks the contract
 * fails the test (test/setup.ts).
 */
export const { mockApi, mockRoutes, checkAnswer } = createMockApi(ENDPOINTS);

export type MockRoutes = TableRoutes<Endpoints>;

export {
  apiError,
  apiServer,
  errorAnswer,
  failTest,
  isMockError,
  NETWORK_ERROR,
  takeContractViolations,
  type CallLog,
  type MockError,
  type MockRequest,
} from '@zaymo/web-kit/testing';
