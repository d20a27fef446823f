import { prepareMaskedFields, setUpComponentTests } from '@zaymo/web-kit/testing';
import { queryClient } from '@/lib/query-client';
import { useStaffSession } from '@/stores/staff-session';

await prepareMaskedFields();

// MSW from CRM_ENDPOINTS (test/api.ts), the contract check and the shared clean-up after a test;
// a request no handler answers fails the test.
setUpComponentTests(
  () => {
    useStaffSession.getState().signOut();
    queryClient.clear();
    window.sessionStorage.clear();
  },
  { failOnUnhandledRequest: true },
);
