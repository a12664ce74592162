import type { GuideImageSchema } from '@prumo/contract/categories';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildFormData, requestApi } from '../../../lib/api-client';

export type GuideImage = z.infer<typeof GuideImageSchema>;

/** The step images the API takes: PNG, JPEG or WEBP up to 2 MB, checked here before sending. */
export const guideImageTypes = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  extensions: ['png', 'jpg', 'jpeg', 'webp'],
} as const;

export const guideImageTypeMessage = 'Envie uma imagem PNG, JPEG ou WEBP.';

/**
 * POST bank/guide-image/ multipart: stores the image and answers its address. Nothing changes in a
 * guide until it is saved with that address in a step.
 */
export function uploadGuideImage(image: File): Promise<GuideImage> {
  return requestApi<GuideImage>('bank/guide-image/', { method: 'POST', body: buildFormData({ image }) });
}

export function useUploadGuideImage() {
  return useMutation({ mutationFn: uploadGuideImage });
}
