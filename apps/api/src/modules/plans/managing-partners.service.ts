import type { ManagingPartner } from '@prumo/contract/plans';
import type { ManagingPartnerFields } from '@prumo/domain/payments/managing-partner-schemas';
import { managingPartners } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import { isUniqueViolation } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import {
  findManagingPartnerRows,
  insertManagingPartner,
  type ManagingPartnerColumns,
  type ManagingPartnerRow,
  updateManagingPartner,
} from './managing-partners.repo';
import { countRowsHoldingOrganization } from './organization-rows.repo';

export const maximumManagingPartnersPerOrganization = 10;

export const managingPartnerServiceMessages = {
  notFound: 'Sócio administrador não encontrado.',
  tooMany: `Limite de ${maximumManagingPartnersPerOrganization} sócios administradores atingido: edite um dos sócios.`,
  duplicateCpf: 'Este CPF já está cadastrado como sócio administrador.',
};

export function presentManagingPartner(row: ManagingPartnerRow): ManagingPartner {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    cnpj: row.cnpj,
    birthdate: row.birthdate,
    phone: row.phone,
    address: {
      street: row.street,
      street_number: row.streetNumber,
      complementary: row.complementary,
      neighborhood: row.neighborhood,
      city: row.city,
      state: row.state,
      zipcode: row.zipcode,
    },
  };
}

function readPartnerColumns(partner: ManagingPartnerFields): ManagingPartnerColumns {
  return {
    name: partner.name,
    email: partner.email,
    cpf: partner.cpf,
    cnpj: partner.cnpj,
    birthdate: partner.birthdate,
    phone: partner.phone,
    street: partner.address.street,
    streetNumber: partner.address.street_number,
    complementary: partner.address.complementary,
    neighborhood: partner.address.neighborhood,
    city: partner.address.city,
    state: partner.address.state,
    zipcode: partner.address.zipcode,
  };
}

/** One person is one partner of an organization: a second CPF alike is a typing slip. */
async function refuseDuplicateCpf<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) failOnField('cpf', managingPartnerServiceMessages.duplicateCpf);
    throw error;
  }
}

/** The organization's managing partners, in the order they were added (the gateway's `managing_partners`). */
export async function listManagingPartners(deps: AppDependencies, organizationId: number): Promise<ManagingPartner[]> {
  return (await findManagingPartnerRows(deps.db, organizationId)).map(presentManagingPartner);
}

export async function createManagingPartner(
  deps: AppDependencies,
  caller: Caller,
  partner: ManagingPartnerFields,
): Promise<ManagingPartner> {
  const created = await refuseDuplicateCpf(() =>
    deps.db.transaction(async (transaction) => {
      const existing = await countRowsHoldingOrganization(transaction, managingPartners, caller.organizationId);
      if (existing >= maximumManagingPartnersPerOrganization) failInvalid(managingPartnerServiceMessages.tooMany);
      return insertManagingPartner(transaction, caller.organizationId, readPartnerColumns(partner));
    }),
  );
  return presentManagingPartner(created);
}

/** Replaces a partner's fields, all of them (the form sends the whole partner). */
export async function changeManagingPartner(
  deps: AppDependencies,
  caller: Caller,
  partnerId: number,
  partner: ManagingPartnerFields,
): Promise<ManagingPartner> {
  const updated = await refuseDuplicateCpf(() =>
    updateManagingPartner(deps.db, caller.organizationId, partnerId, readPartnerColumns(partner)),
  );
  if (!updated) failNotFound(managingPartnerServiceMessages.notFound);
  return presentManagingPartner(updated);
}
