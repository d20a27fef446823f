import { useTranslation } from 'react-i18next';
import { useClient } from '@/hooks/use-client';
import { useSessionStore } from '@/stores/session';
import './admin-banner.css';

/**
 * A CRM operator sees at all times that this is a client's cabinet, not their own, and under
 * whose name they act (the server's operator_name of the session).
 */
export function AdminBanner() {
  const admin = useSessionStore((state) => state.admin);
  return admin ? <OperatorBanner /> : null;
}

function OperatorBanner() {
  const { t } = useTranslation();
  const name = useClient().data?.operator_name ?? null;
  return (
    <div className="admin-banner" role="status" data-testid="admin-banner">
      <strong>{name ? t('admin.bannerNamed', { name }) : t('admin.banner')}</strong>
      <span className="admin-banner__hint">{t('admin.hint')}</span>
    </div>
  );
}
