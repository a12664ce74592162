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
