/**
 * The simulated institution's entries in a participants directory shaped like Open Finance
 * Brasil's public one (`OrganisationName`, `RegistrationNumber`, `AuthorisationServers`). Three
 * fictitious institutions with valid-looking CNPJs, all answered by the same simulated bank.
 */
export interface DirectoryOrganisation {
  OrganisationId: string;
  OrganisationName: string;
  RegistrationNumber: string;
  AuthorisationServers: {
    AuthorisationServerId: string;
    CustomerFriendlyName: string;
    CustomerFriendlyLogoUri: string;
    ApiResources: { ApiFamilyType: string; ApiVersion: string }[];
  }[];
}

export const simulatorPrefix = '/open-finance-simulator';

const dataApis = [
  { ApiFamilyType: 'accounts', ApiVersion: '2.4.2' },
  { ApiFamilyType: 'credit-cards-accounts', ApiVersion: '2.3.1' },
  { ApiFamilyType: 'resources', ApiVersion: '3.0.0' },
  { ApiFamilyType: 'bank-fixed-incomes', ApiVersion: '1.0.4' },
];

const simulatedInstitutions = [
  {
    id: 'banco-simulado',
    name: 'Banco Simulado Prumo S.A.',
    friendly: 'Banco Simulado',
    cnpj: '11222333000181',
    color: '#0b7285',
  },
  {
    id: 'cooperativa-simulada',
    name: 'Cooperativa de Crédito Simulada',
    friendly: 'Coop Simulada',
    cnpj: '44555666000181',
    color: '#5c940d',
  },
  // Reached through the BS2 integration, not the Open Finance directory (see the simulated connector).
  {
    id: 'bs2-simulado',
    name: 'Banco BS2 Simulado S.A.',
    friendly: 'BS2 Simulado',
    cnpj: '77788899000183',
    color: '#1c1c3c',
  },
] as const;

/** The simulated bank standing for the BS2 integration's one institution. */
export const simulatedBs2InstitutionId = 'bs2-simulado';

/** The directory as the simulated institution publishes it; logos are served beside it. */
export function listDirectoryOrganisations(publicUrl: string): DirectoryOrganisation[] {
  return simulatedInstitutions.map((institution) => ({
    OrganisationId: institution.id,
    OrganisationName: institution.name,
    RegistrationNumber: institution.cnpj,
    AuthorisationServers: [
      {
        AuthorisationServerId: `${institution.id}-as`,
        CustomerFriendlyName: institution.friendly,
        CustomerFriendlyLogoUri: `${publicUrl}${simulatorPrefix}/logos/${institution.id}.svg`,
        ApiResources: dataApis,
      },
    ],
  }));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A round badge with the institution's initials, in its colour. Null for an unknown id. */
export function drawInstitutionLogo(id: string): string | null {
  const institution = simulatedInstitutions.find((candidate) => candidate.id === id);
  if (!institution) return null;
  const initials = institution.friendly
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${institution.color}"/><text x="32" y="40" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

export function findDirectoryOrganisation(publicUrl: string, participantId: string): DirectoryOrganisation | null {
  return listDirectoryOrganisations(publicUrl).find((entry) => entry.OrganisationId === participantId) ?? null;
}
