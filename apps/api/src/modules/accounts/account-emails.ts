import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import type { OrganizationRow } from '../organizations/index';

/** Where a queued e-mail is logged: a request's log, or a job's. */
export interface EmailLogger {
  log: { info(fields: object, message: string): void };
}

interface Recipient {
  email: string;
  firstName: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Links in e-mails point at PUBLIC_URL, else at the address Prumo listens on; never at the request's Host. */
export function findPublicOrigin(deps: AppDependencies): string {
  return deps.config.publicUrl;
}

function absolute(origin: string, address: string | null): string | null {
  if (!address) return null;
  return /^https?:\/\//.test(address) ? address : `${origin}${address}`;
}

/** An e-mail in the organization's colours, header and footer images, with one action button. */
export async function sendBrandedEmail(
  deps: AppDependencies,
  request: EmailLogger,
  organization: OrganizationRow,
  recipient: Recipient,
  content: { subject: string; lead: string; action: string; link: string; note: string },
): Promise<void> {
  const origin = findPublicOrigin(deps);
  const header = absolute(origin, organization.emailHeaderImage);
  const footer = absolute(origin, organization.emailFooterImage);
  const text = `Olá, ${recipient.firstName}!\n\n${content.lead}\n\n${content.action}: ${content.link}\n\n${content.note}\n\n${organization.name}`;
  const html = [
    header ? `<img src="${escapeHtml(header)}" alt="${escapeHtml(organization.name)}" width="600">` : '',
    `<p>Olá, ${escapeHtml(recipient.firstName)}!</p>`,
    `<p>${escapeHtml(content.lead)}</p>`,
    `<p><a href="${escapeHtml(content.link)}" style="background:#${organization.primaryColor};color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(content.action)}</a></p>`,
    `<p style="color:#666">${escapeHtml(content.note)}</p>`,
    footer ? `<img src="${escapeHtml(footer)}" alt="" width="600">` : `<p>${escapeHtml(organization.name)}</p>`,
  ].join('\n');
  await deps.mailer.send({ fromName: organization.name, to: recipient.email, subject: content.subject, text, html });
  // Never the link: it carries a live token. A developer reads it in the .eml outbox (DATA_DIR/mail).
  request.log.info({ to: recipient.email, subject: content.subject }, 'e-mail queued');
}

export function sendConfirmationEmail(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  recipient: Recipient,
  token: string,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Confirme seu e-mail — ${organization.name}`,
    lead: `Sua conta em ${organization.name} foi criada. Confirme seu e-mail para entrar.`,
    action: 'Confirmar e-mail',
    link: `${findPublicOrigin(deps)}/${organization.slug}/confirmar/${token}`,
    note: 'O link vale por 3 dias. Se você não criou esta conta, ignore esta mensagem.',
  });
}

export function sendPasswordResetEmail(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  recipient: Recipient & { uid: string },
  token: string,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Redefinição de senha — ${organization.name}`,
    lead: 'Recebemos um pedido para redefinir a sua senha.',
    action: 'Redefinir senha',
    link: `${findPublicOrigin(deps)}/${organization.slug}/redefinir-senha/${recipient.uid}/${token}`,
    note: 'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
  });
}

export function sendAccessLinkEmail(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  recipient: Recipient,
  token: string,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Seu link de acesso — ${organization.name}`,
    lead: 'Use o botão abaixo para entrar sem digitar a senha.',
    action: 'Entrar',
    link: `${findPublicOrigin(deps)}/access/${token}`,
    note: 'O link vale por 15 minutos e só pode ser usado uma vez.',
  });
}

/** To the new address: following the link makes it the account's e-mail. */
export function sendEmailChangeConfirmation(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  recipient: Recipient,
  token: string,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Confirme seu novo e-mail — ${organization.name}`,
    lead: `Você pediu para usar este endereço (${recipient.email}) para entrar em ${organization.name}. Ele passa a valer quando você confirmar.`,
    action: 'Confirmar novo e-mail',
    link: `${findPublicOrigin(deps)}/${organization.slug}/confirmar/${token}`,
    note: 'O link vale por 24 horas e só pode ser usado uma vez. Ao confirmar, todas as sessões abertas terminam. Se você não pediu, ignore esta mensagem: nada muda.',
  });
}

/**
 * To an address that already opens another account of the organization: the change is not made,
 * and the answer to the requester was the same as for a free address (it tells nobody who is a client).
 */
export function sendEmailTakenNotice(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  recipient: Recipient,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Pedido de troca de e-mail — ${organization.name}`,
    lead: `Alguém pediu para usar este endereço em outra conta de ${organization.name}, mas ele já é o e-mail da sua conta. Nada foi alterado.`,
    action: 'Entrar',
    link: `${findPublicOrigin(deps)}/${organization.slug}/login`,
    note: 'Se foi você, entre com este e-mail ou escolha outro endereço na outra conta.',
  });
}

/** To the old address once the change took effect: the owner learns of it even if someone else did it. */
export function sendEmailChangedNotice(
  deps: AppDependencies,
  request: EmailLogger,
  organization: OrganizationRow,
  recipient: Recipient,
  newEmail: string,
) {
  return sendBrandedEmail(deps, request, organization, recipient, {
    subject: `Seu e-mail de acesso foi alterado — ${organization.name}`,
    lead: `O e-mail de acesso da sua conta em ${organization.name} passou a ser ${newEmail}. Todas as sessões abertas foram encerradas.`,
    action: 'Entrar',
    link: `${findPublicOrigin(deps)}/${organization.slug}/login`,
    note: `Se não foi você, fale com ${organization.name} imediatamente.`,
  });
}
