import type { TestCitizen } from './citizens';

/*
 * The citizen's data as ЕСИА's REST service answers them: /rs/prns/{oid} and its collections,
 * with the elements embedded (embed=(elements)) or as links to them.
 */

export function personAnswer(citizen: TestCitizen, oid: string) {
  return {
    stateFacts: ['EntityRoot'],
    oid: Number(oid),
    ...citizen.person,
    citizenship: 'RUS',
    trusted: citizen.trusted,
    verifying: false,
    status: 'REGISTERED',
    updatedOn: 1_764_000_000,
    eTag: `person-${oid}`,
  };
}

type Collection = 'docs' | 'addrs' | 'ctts';

function elementsOf(citizen: TestCitizen, collection: Collection): Record<string, unknown>[] {
  const verified = citizen.trusted ? 'VERIFIED' : 'NOT_VERIFIED';
  switch (collection) {
    case 'docs':
      return [{ id: 1, type: 'RF_PASSPORT', vrfStu: verified, ...citizen.passport }];
    case 'addrs':
      return [{ id: 2, type: 'PRG', countryId: 'RUS', ...citizen.registration }];
    case 'ctts':
      return [
        { id: 3, type: 'MBT', value: citizen.mobile, vrfStu: 'VERIFIED' },
        { id: 4, type: 'EML', value: citizen.email, vrfStu: 'VERIFIED' },
      ];
  }
}

export function collectionAnswer(
  citizen: TestCitizen,
  collection: Collection,
  embedded: boolean,
  selfUrl: string,
) {
  const elements = elementsOf(citizen, collection).map((element) =>
    embedded ? { stateFacts: ['EntityRoot'], ...element } : `${selfUrl}/${String(element.id)}`,
  );
  return { stateFacts: ['hasSize'], size: elements.length, elements };
}

/** The scope a collection needs: documents id_doc, addresses addresses, contacts mobile or email. */
export const COLLECTION_SCOPES: Readonly<Record<Collection, readonly string[]>> = {
  docs: ['id_doc'],
  addrs: ['addresses'],
  ctts: ['mobile', 'email'],
};

export function isCollection(name: string): name is Collection {
  return name === 'docs' || name === 'addrs' || name === 'ctts';
}
