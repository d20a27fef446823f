import { CRM_ENDPOINTS } from '@zaymo/contract';
import { createMockApi } from '@zaymo/web-kit/testing';

/**
 * The console's API in tests: MSW handlers built from CRM_ENDPOINTS (the builder is the kit's,
 * packages/web-kit/src/testing/mock-api.ts). A request or answer that breaks the contract fails
 * the test (test/setup.ts).
 */
export const { mockApi: mockCrmApi, mockRoutes, checkAnswer } = createMockApi(CRM_ENDPOINTS);

export {
  apiError,
  apiServer,
  NETWORK_ERROR,
  takeContractViolations,
  type CallLog,
  type MockError,
  type MockRequest,
} from '@zaymo/web-kit/testing';
