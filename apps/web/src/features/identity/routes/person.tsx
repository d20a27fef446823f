import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatPhone, PHOTO_KINDS, type Client, type ClientProfile } from '@zaymo/contract';
import { ClientOnly } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { ScreenSpinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/paths';
import { useClient } from '@/hooks/use-client';
import { openPopup } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { useClientProfile } from '../api/identity';
import { EsiaSection } from '../components/esia-section';
import { LoadFailed } from '../components/load-failed';
import { ProfileSection, type ProfileRow } from '../components/profile-section';
import { profileRows } from '../lib/profile-rows';
import '../identity.css';

/** /person: the profile as entered, by section, read-only; the account actions open popups. */
export function PersonScreen() {
  const { t } = useTranslation(['routes', 'identity']);
  const profile = useClientProfile();
  return (
    <div className="identity-page person">
      <PageTitle>{t('routes:person')}</PageTitle>
      <p className="identity-lead">{t('identity:person.lead')}</p>
      <AccountActions />
      {profile.isPending && <ScreenSpinner />}
      {profile.isError && <LoadFailed onRetry={() => void profile.refetch()} />}
      {profile.isSuccess && <EsiaSection esia={profile.data.esia} />}
      {profile.isSuccess && <ProfileSections profile={profile.data} />}
    </div>
  );
}

function AccountActions() {
  const { t } = useTranslation('identity');
  const client = useClient().data;
  const sessionPhone = useSessionStore((state) => state.phone);
  const phone = client?.phone ?? sessionPhone;
  const rows: ProfileRow[] = [
    { label: t('person.phone'), value: phone && formatPhone(phone) },
    { label: t('person.email'), value: client?.email && emailLine(client, t) },
  ];
  return (
    <ProfileSection title={t('person.contacts')} rows={rows}>
      <ClientOnly hint={t('person.operatorHint')}>
        <div className="person__actions">
          <Button variant="secondary" onClick={() => openPopup('enterPhone')}>
            {t('person.changePhone')}
          </Button>
          <Button variant="secondary" onClick={() => openPopup('changePassword')}>
            {t('person.changePassword')}
          </Button>
          <Button variant="secondary" onClick={() => openPopup('confirmEmail')}>
            {t('person.confirmEmail')}
          </Button>
        </div>
      </ClientOnly>
    </ProfileSection>
  );
}

function emailLine(client: Client, t: TFunction<'identity'>): string | null {
  if (!client.email) return null;
  const state = client.email_confirmed ? t('person.emailConfirmed') : t('person.emailNotConfirmed');
  return `${client.email} (${state})`;
}

function ProfileSections({ profile }: { profile: ClientProfile }) {
  const { t } = useTranslation('identity');
  const rows = profileRows(profile, t);
  const photoCount = PHOTO_KINDS.filter((kind) =>
    profile.photos.some((photo) => photo.kind === kind),
  ).length;
  return (
    <>
      <ProfileSection title={t('steps.personal')} rows={rows.personal} />
      <ProfileSection
        title={t('steps.passport')}
        rows={rows.passport}
        badge={profile.passport_locked ? t('person.readOnly') : undefined}
        note={profile.passport_locked ? t('passport.locked') : undefined}
      />
      <ProfileSection title={t('steps.addresses')} rows={rows.addresses} />
      <ProfileSection title={t('steps.work')} rows={rows.work} />
      <ProfileSection
        title={t('steps.photos')}
        rows={[
          {
            label: t('photos.uploaded'),
            value: t('person.photosCount', { count: photoCount, total: PHOTO_KINDS.length }),
          },
        ]}
      >
        <Link to={ROUTES.files.path}>{t('person.openFiles')}</Link>
      </ProfileSection>
      <Link className="ui-button ui-button--primary person__edit" to={ROUTES.profileIdentity.path}>
        {t('person.edit')}
      </Link>
    </>
  );
}
