import { z } from 'zod';

/** A screen's help article as the help button shows it: `content` is sanitized HTML. */
export const HelpArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  videoSource: z.string().nullable(),
  description: z.string(),
  /** The organization replaced Prumo's article with its own. */
  custom: z.boolean(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const HelpArticleAnswerSchema = z.object({ slug: z.string(), articles: z.array(HelpArticleSchema) });
export type HelpArticleAnswer = z.infer<typeof HelpArticleAnswerSchema>;

/** A help video; `autoplay` is false once the user chose 'Não exibir novamente'. */
export const OnboardingVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  videoSource: z.string(),
  autoplay: z.boolean(),
});
export type OnboardingVideo = z.infer<typeof OnboardingVideoSchema>;

export const HelpPreferenceAnswerSchema = z.object({ articleId: z.string(), hidden: z.literal(true) });

/** An article as the manager edits it: the Markdown beside Prumo's default. */
export const EditableHelpArticleSchema = z.object({
  slug: z.string(),
  screen: z.string(),
  title: z.string(),
  markdown: z.string(),
  videoSource: z.string().nullable(),
  videoDescription: z.string(),
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EditableHelpArticle = z.infer<typeof EditableHelpArticleSchema>;

export const TourProgressSchema = z.object({ register_tour: z.boolean(), step: z.number().int() });
export type TourProgress = z.infer<typeof TourProgressSchema>;

export const PushTokenAnswerSchema = z.object({ token: z.string(), kind: z.enum(['web_push', 'fcm']) });
export type PushTokenAnswer = z.infer<typeof PushTokenAnswerSchema>;
export const WebPushKeySchema = z.object({ publicKey: z.string() });
export type WebPushKey = z.infer<typeof WebPushKeySchema>;

/** The organization's push settings as managers see them: never the service account's private key. */
export const PushSettingsSchema = z.object({
  provider: z.enum(['web_push', 'fcm']),
  project_id: z.string().nullable(),
  client_email: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;
