import type { TFunction } from 'i18next';
import type { Address, ClientProfile } from '@zaymo/contract';
import { isoToDisplayDate } from '@zaymo/web-kit';
import type { ProfileRow } from '../components/profile-section';
import { formatDivisionCode, formatIncome, formatPassport, wholeRoubles } from './masks';

type Rows = Record<'personal' | 'passport' | 'addresses' | 'work', ProfileRow[]>;
type T = TFunction<'identity'>;

/** The profile as label–value rows by section, in the words of the steps' fields. */
export function profileRows(profile: ClientProfile, t: T): Rows {
  const { personal, passport, addresses, work } = profile;
  return {
    personal: [
      { label: t('personal.surname'), value: personal?.surname },
      { label: t('personal.name'), value: personal?.name },
      {
        label: t('personal.patronymic'),
        value: personal?.no_patronymic ? t('personal.noPatronymic') : personal?.patronymic,
      },
      { label: t('personal.gender'), value: personal && t(`person.genders.${personal.gender}`) },
      { label: t('personal.birthDate'), value: personal && isoToDisplayDate(personal.birth_date) },
      { label: t('personal.birthPlace'), value: personal?.birth_place },
    ],
    passport: [
      {
        label: t('passport.seriesNumber'),
        value: passport && formatPassport(passport.series_number),
      },
      { label: t('passport.issueDate'), value: passport && isoToDisplayDate(passport.issue_date) },
      {
        label: t('passport.divisionCode'),
        value: passport && formatDivisionCode(passport.division_code),
      },
      { label: t('passport.issuedBy'), value: passport?.issued_by },
    ],
    addresses: [
      { label: t('addresses.registration'), value: addresses && addresses.registration.value },
      {
        label: t('addresses.residence'),
        value: addresses && residenceLine(addresses.residence, addresses.residence_same, t),
      },
    ],
    work: [
      {
        label: t('work.employmentType'),
        value: work && t(`work.types.${work.employment_type}`),
      },
      { label: t('work.employer'), value: employerLine(work, t) },
      { label: t('work.position'), value: work?.position },
      { label: t('work.income'), value: work && formatIncome(wholeRoubles(work.monthly_income)) },
      { label: t('work.email'), value: work?.email },
    ],
  };
}

function residenceLine(residence: Address | null, same: boolean, t: T): string | null {
  return same ? t('addresses.sameAsRegistration') : (residence?.value ?? null);
}

function employerLine(work: ClientProfile['work'], t: T): string | null {
  if (!work?.employer_name) return null;
  return work.employer_inn
    ? `${work.employer_name}, ${t('work.inn', { inn: work.employer_inn })}`
    : work.employer_name;
}
