import { consentMonthOptions, type SharedDataKind, sharedDataLabels } from '@prumo/domain/open-banking/consent';
import { type SimulatorConsent, simulatorCredentials } from './simulator.service';
import type { DirectoryOrganisation } from './simulator-directory';

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const style = `
body{margin:0;font-family:system-ui,sans-serif;background:#eef2f4;color:#1b262c}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
header{display:flex;align-items:center;gap:12px;margin-bottom:16px}
header img{width:40px;height:40px}
h1{font-size:1.25rem;margin:0 0 8px}
p{line-height:1.5}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px;font-size:1rem;border:1px solid #9aa5ab;border-radius:8px}
button{margin-top:16px;width:100%;padding:12px;font-size:1rem;border:0;border-radius:8px;background:#0b7285;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#c92a2a;border:1px solid #c92a2a}
.error{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px;margin:8px 0}
.hint{font-size:.875rem;color:#55626a}
ul{padding-left:20px}
`;

function renderPage(title: string, institution: DirectoryOrganisation | null, body: string): string {
  const server = institution?.AuthorisationServers[0];
  const brand = server
    ? `<header><img src="${escapeHtml(server.CustomerFriendlyLogoUri)}" alt=""><strong>${escapeHtml(server.CustomerFriendlyName)}</strong></header>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main><div class="card">${brand}${body}<p class="hint">Instituição simulada do Prumo: nenhum dado real é usado.</p></div></main></body></html>`;
}

function renderError(message: string | null): string {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';
}

function renderHiddenRequest(consent: SimulatorConsent): string {
  return `<input type="hidden" name="request" value="${escapeHtml(consent.id)}">`;
}

/** The page for where the person is: the login, the one-time code, or the review of what is shared. */
export function renderConsentStep(
  consent: SimulatorConsent,
  institution: DirectoryOrganisation | null,
  error: string | null,
  formAction: string,
): string {
  if (consent.step === 'code') {
    return renderPage(
      'Código de segurança',
      institution,
      `<h1>Código de segurança</h1><p>Enviamos um código de 6 dígitos ao seu celular (na simulação: ${simulatorCredentials.code}).</p>${renderError(error)}
<form method="post" action="${formAction}">${renderHiddenRequest(consent)}<input type="hidden" name="step" value="code">
<label for="code">Código</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>
<button type="submit">Confirmar</button></form>`,
    );
  }
  if (consent.step === 'review') {
    const shared = consent.permissions
      .map((kind) => `<li>${escapeHtml(sharedDataLabels[kind as SharedDataKind] ?? kind)}</li>`)
      .join('');
    const months = (consentMonthOptions as readonly number[]).includes(consent.months) ? consent.months : 12;
    return renderPage(
      'Confirme o compartilhamento',
      institution,
      `<h1>Confirme o compartilhamento</h1><p>O Prumo pede acesso, por ${months} meses, a:</p><ul>${shared}</ul>${renderError(error)}
<form method="post" action="${formAction}">${renderHiddenRequest(consent)}<input type="hidden" name="step" value="review">
<button type="submit" name="decision" value="authorise">Autorizar</button>
<button type="submit" name="decision" value="refuse" class="secondary">Recusar</button></form>`,
    );
  }
  return renderPage(
    'Entrar no banco',
    institution,
    `<h1>Entre na sua conta</h1><p>Para compartilhar seus dados com o Prumo, entre com seu usuário do banco.</p>${renderError(error)}
<form method="post" action="${formAction}">${renderHiddenRequest(consent)}<input type="hidden" name="step" value="login">
<label for="user">Usuário</label><input id="user" name="user" autocomplete="username" required>
<label for="password">Senha</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Entrar</button></form>`,
  );
}

export function renderRequestEnded(message: string): string {
  return renderPage('Pedido encerrado', null, `<h1>Pedido encerrado</h1><p>${escapeHtml(message)}</p>`);
}
