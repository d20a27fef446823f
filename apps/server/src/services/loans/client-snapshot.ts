import type { ClientIdentityRow, ClientRow, ClientSnapshot } from '../../db/schema';

/** The borrower as the order's documents print them, taken once when the order is made. */
export function clientSnapshot(
  client: ClientRow,
  identity: ClientIdentityRow | null,
): ClientSnapshot {
  const personal = identity?.personal ?? null;
  const passport = identity?.passport ?? null;
  const fullName = [personal?.surname ?? client.surname, personal?.name ?? client.name]
    .concat(personal ? [personal.patronymic] : [client.patronymic])
    .filter((part): part is string => Boolean(part))
    .join(' ');
  const email = identity?.work?.email ?? client.email ?? undefined;
  return {
    fullName,
    phone: client.phone,
    ...(personal ? { birthDate: personal.birth_date, birthPlace: personal.birth_place } : {}),
    ...(passport
      ? {
          passport: {
            series: passport.series_number.slice(0, 4),
            number: passport.series_number.slice(4),
            issueDate: passport.issue_date,
            issuedBy: passport.issued_by,
            divisionCode: passport.division_code,
          },
        }
      : {}),
    ...(identity?.addresses ? { registrationAddress: identity.addresses.registration.value } : {}),
    ...(email ? { email } : {}),
    ...(identity?.inn ? { inn: identity.inn } : {}),
  };
}
