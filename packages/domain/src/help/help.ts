import { z } from 'zod';

/**
 * The help desk (articles per screen, their videos and 'Não exibir novamente'), the first-sign-in
 * tour, and the devices a user receives push notifications on.
 */

export const helpMessages = {
  videoHost:
    'Use um vídeo do YouTube sem cookies (https://www.youtube-nocookie.com/embed/…) ou do Vimeo (https://player.vimeo.com/video/…).',
  titleRequired: 'Informe o título do artigo.',
  titleTooLong: 'O título pode ter até 120 caracteres.',
  markdownRequired: 'Escreva o texto do artigo.',
  markdownTooLong: 'O artigo pode ter até 20.000 caracteres.',
  descriptionTooLong: 'A descrição do vídeo pode ter até 1000 caracteres.',
  articleNotFound: 'Not Found Page with this slug',
  slugRequired: 'Informe a tela (slug) do artigo.',
  articleIdRequired: 'Informe o artigo (articleId).',
  saved: 'Artigo de ajuda salvo',
  restored: 'Artigo padrão restaurado',
  tourResetFailed: 'Não foi possível resetar o tour.',
  tokenRequired: 'Informe o token do dispositivo.',
  tokenTooLong: 'Token do dispositivo inválido.',
  pushEndpointNotAllowed: 'Serviço de notificações do navegador não reconhecido.',
  tokenNotFound: 'Token não encontrado.',
} as const;

/** The help-video modal shows at most this much of a video's description. */
export const helpDescriptionLimit = 1000;
export const defaultHelpVideoTitle = 'Tutorial';

export function cutHelpDescription(description: string): string {
  return description.length > helpDescriptionLimit ? description.slice(0, helpDescriptionLimit) : description;
}

/** The only players a help video comes from: both embed without tracking cookies. */
export const helpVideoOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * The embed address of a video a manager entered, rebuilt from its id (nothing else they typed is
 * kept), or null when it is not a YouTube-nocookie or Vimeo player address.
 */
export function readHelpVideoEmbed(source: string): string | null {
  let url: URL;
  try {
    url = new URL(source.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (url.hostname === 'www.youtube-nocookie.com' || url.hostname === 'youtube-nocookie.com') {
    const id = /^\/embed\/([A-Za-z0-9_-]{6,20})\/?$/.exec(url.pathname)?.[1];
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (url.hostname === 'player.vimeo.com') {
    const id = /^\/video\/(\d{1,12})\/?$/.exec(url.pathname)?.[1];
    return id ? `https://player.vimeo.com/video/${id}?dnt=1` : null;
  }
  return null;
}

export const HelpArticleChangeSchema = z.object({
  title: z
    .string({ error: helpMessages.titleRequired })
    .trim()
    .min(1, helpMessages.titleRequired)
    .max(120, helpMessages.titleTooLong),
  markdown: z
    .string({ error: helpMessages.markdownRequired })
    .trim()
    .min(1, helpMessages.markdownRequired)
    .max(20_000, helpMessages.markdownTooLong),
  videoSource: z
    .string()
    .trim()
    .nullish()
    .transform((source, context) => {
      if (!source) return null;
      const embed = readHelpVideoEmbed(source);
      if (!embed) {
        context.addIssue({ code: 'custom', message: helpMessages.videoHost });
        return z.NEVER;
      }
      return embed;
    }),
  videoDescription: z.string().trim().max(helpDescriptionLimit, helpMessages.descriptionTooLong).default(''),
});
export type HelpArticleChange = z.infer<typeof HelpArticleChangeSchema>;

export const HelpSlugQuerySchema = z.object({
  slug: z.string({ error: helpMessages.slugRequired }).trim().min(1, helpMessages.slugRequired).max(80),
});

export const HelpPreferenceSchema = z.object({
  articleId: z.string({ error: helpMessages.articleIdRequired }).trim().min(1, helpMessages.articleIdRequired).max(80),
});

/** PUT onboarding/tour/: `register_tour` true once the tour is finished or skipped; `step` is how far it went. */
export const TourProgressChangeSchema = z.object({
  register_tour: z.boolean({ error: 'Informe register_tour (true ou false).' }),
  step: z
    .number({ error: 'Passo inválido.' })
    .int('Passo inválido.')
    .min(0, 'Passo inválido.')
    .max(100, 'Passo inválido.')
    .optional(),
});

/** A device's token: a Web Push subscription (its JSON) or an FCM registration token. */
export const PushTokenSchema = z.object({
  token: z
    .string({ error: helpMessages.tokenRequired })
    .trim()
    .min(1, helpMessages.tokenRequired)
    .max(2048, helpMessages.tokenTooLong),
});

export const pushSettingsMessages = {
  providerInvalid: 'Opção inválida: use web_push ou fcm.',
  serviceAccountRequired: 'Cole o JSON da conta de serviço do Firebase.',
  serviceAccountInvalid:
    'Conta de serviço inválida: use o JSON baixado em Configurações do projeto › Contas de serviço do Firebase.',
  privateKeyInvalid: 'A chave privada da conta de serviço não pôde ser lida.',
  saved: 'Notificações push salvas',
} as const;

/** What Prumo reads of a Firebase service account's JSON (the file Firebase's console downloads). */
export const FirebaseServiceAccountSchema = z.object({
  type: z.literal('service_account'),
  project_id: z.string().regex(/^[a-z0-9-]{4,40}$/),
  client_email: z.email().max(200),
  private_key: z.string().startsWith('-----BEGIN PRIVATE KEY-----').max(4000),
});
export type FirebaseServiceAccount = z.infer<typeof FirebaseServiceAccountSchema>;

/**
 * PUT push/settings/: the organization's native app sends through its own Firebase project (fcm,
 * with the service account's JSON), or Prumo's Web Push alone (web_push, the default; the key is dropped).
 */
export const PushSettingsInputSchema = z
  .object({
    provider: z.enum(['web_push', 'fcm'], { error: pushSettingsMessages.providerInvalid }),
    service_account: z.string({ error: pushSettingsMessages.serviceAccountRequired }).max(8000).optional(),
  })
  .superRefine((input, context) => {
    if (input.provider !== 'fcm') return;
    if (!input.service_account?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['service_account'],
        message: pushSettingsMessages.serviceAccountRequired,
      });
      return;
    }
    if (!readFirebaseServiceAccount(input.service_account)) {
      context.addIssue({
        code: 'custom',
        path: ['service_account'],
        message: pushSettingsMessages.serviceAccountInvalid,
      });
    }
  });
export type PushSettingsInput = z.infer<typeof PushSettingsInputSchema>;

/** The service account a manager pasted, or null when it is not one. */
export function readFirebaseServiceAccount(text: string): FirebaseServiceAccount | null {
  try {
    const parsed = FirebaseServiceAccountSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
