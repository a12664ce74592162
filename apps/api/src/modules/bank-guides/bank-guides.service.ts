import { brazilianBanks } from '@prumo/domain/banks/brazilian-banks';
import { type BankGuideInput, bankGuideMessages, findShippedGuide } from '@prumo/domain/banks/statement-guides';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import { readUploadedImage } from '../../lib/uploaded-image';
import type { Caller } from '../../plugins/authentication';
import {
  deleteOrganizationGuide,
  findOrganizationGuides,
  type StoredGuideStep,
  saveOrganizationGuide,
} from './bank-guides.repo';
import { drawGuideIllustration } from './guide-illustration';

/** Where Prumo's illustration of a shipped step is served (public: an <img> sends no session). */
export function addressShippedIllustration(bankCode: string, stepIndex: number): string {
  return `/api/bank/guides/${bankCode}/${stepIndex + 1}.svg`;
}

function findBank(bankCode: string) {
  const bank = brazilianBanks.find((candidate) => candidate.code === bankCode);
  if (!bank) failNotFound(bankGuideMessages.bankNotFound);
  return bank;
}

function presentBank(bank: { code: string; name: string }, own: StoredGuideStep[] | undefined) {
  if (own) {
    return {
      code: bank.code,
      name: bank.name,
      steps: own.map((step) => step.text),
      assets: own.map((step) => step.image),
      customized: true,
    };
  }
  const shipped = findShippedGuide(bank.code);
  return {
    code: bank.code,
    name: bank.name,
    steps: shipped.map((step) => step.text),
    assets: shipped.map((_, index) => addressShippedIllustration(bank.code, index)),
    customized: false,
  };
}

/**
 * Every bank with its statement guide: the organization's own where it wrote one, else Prumo's.
 * `assets[i]` is the image of `steps[i]` (empty: none).
 */
export async function listBanksWithGuides(deps: AppDependencies, caller: Caller) {
  const own = await findOrganizationGuides(deps.db, caller.organizationId);
  return brazilianBanks.map((bank) => presentBank(bank, own.get(bank.code)));
}

export async function changeBankGuide(deps: AppDependencies, caller: Caller, bankCode: string, input: BankGuideInput) {
  const bank = findBank(bankCode);
  await saveOrganizationGuide(deps.db, {
    organizationId: caller.organizationId,
    bankCode: bank.code,
    steps: input.steps,
    userId: caller.userId,
  });
  return presentBank(bank, input.steps);
}

export async function restoreShippedGuide(deps: AppDependencies, caller: Caller, bankCode: string) {
  const bank = findBank(bankCode);
  await deleteOrganizationGuide(deps.db, caller.organizationId, bank.code);
  return presentBank(bank, undefined);
}

/** Stores a step image a manager uploads (PNG, JPEG or WEBP up to 2 MB) and answers its address. */
export async function saveGuideImage(deps: AppDependencies, request: FastifyRequest): Promise<{ image: string }> {
  if (!request.isMultipart()) failOnField('image', 'Envie a imagem como multipart/form-data.');
  let address: string | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === 'image' && address === null) {
      const image = await readUploadedImage(part, ['png', 'jpg', 'webp'], 'image');
      address = await deps.storage.save('bank-guides', image.extension, image.content);
    } else if (part.type === 'file') {
      await part.toBuffer();
    }
  }
  if (!address) failOnField('image', 'Selecione uma imagem');
  return { image: address };
}

/** The SVG of one shipped step, or null for a bank or step Prumo has no illustration of. */
export function drawShippedIllustration(bankCode: string, stepNumber: number): string | null {
  const bank = brazilianBanks.find((candidate) => candidate.code === bankCode);
  if (!bank) return null;
  const steps = findShippedGuide(bank.code);
  const step = steps[stepNumber - 1];
  if (!step) return null;
  return drawGuideIllustration({ bankName: bank.name, stepNumber, stepCount: steps.length, screen: step.screen });
}
