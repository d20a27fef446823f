import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

export type ProfileRow = { label: string; value: string | null | undefined };

type ProfileSectionProps = {
  title: string;
  rows: ProfileRow[];
  /** A short mark beside the title, such as «Только просмотр». */
  badge?: string | undefined;
  note?: string | undefined;
  children?: ReactNode;
};

/** One section of the profile: its title and label–value pairs; empty values say so. */
export function ProfileSection({ title, rows, badge, note, children }: ProfileSectionProps) {
  const { t } = useTranslation('identity');
  return (
    <Card className="profile-section">
      <div className="profile-section__head">
        <h2 className="profile-section__title">{title}</h2>
        {badge && <span className="profile-section__badge">{badge}</span>}
      </div>
      {note && <p className="identity-note identity-note--warning">{note}</p>}
      <dl className="profile-section__rows">
        {rows.map((row) => (
          <div key={row.label} className="profile-section__row">
            <dt>{row.label}</dt>
            <dd className={row.value ? undefined : 'profile-section__empty'}>
              {row.value || t('person.notFilled')}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
