import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/stores/session';
import './admin-banner.css';

/** A CRM operator sees at all times that this is a client's cabinet, not their own. */
export function AdminBanner() {
  const { t } = useTranslation();
  const admin = useSessionStore((state) => state.admin);
  if (!admin) return null;
  return (
    <div className="admin-banner" role="status" data-testid="admin-banner">
      <strong>{t('admin.banner')}</strong>
      <span className="admin-banner__hint">{t('admin.hint')}</span>
    </div>
  );
}
