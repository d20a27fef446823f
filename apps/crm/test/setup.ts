import { setUpComponentTests } from '@zaymo/web-kit/testing';
import { queryClient } from '@/lib/query-client';
import { useStaffSession } from '@/stores/staff-session';

// MSW from CRM_ENDPOINTS (test/api.ts), the contract check and the shared clean-up after a test.
setUpComponentTests(() => {
  useStaffSession.getState().signOut();
  queryClient.clear();
  window.sessionStorage.clear();
});
