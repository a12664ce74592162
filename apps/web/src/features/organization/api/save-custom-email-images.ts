import type { Detail } from '@prumo/contract/common';
import type { CustomEmail, SavedCustomEmail } from '@prumo/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildFormData, requestApi } from '../../../lib/api-client';
import { buildCustomEmailsPage, customEmailsQueryOptions } from './get-custom-emails';

export interface CustomEmailImages {
  headerImage: File | null;
  footerImage: File | null;
}

export interface CustomEmailImagesInput extends CustomEmailImages {
  organization: string;
  /** The stored custom e-mail's id: with it the images are edited, without it created. */
  id: number | null;
}

function buildImagesFormData(images: CustomEmailImages): FormData {
  return buildFormData({ header_image: images.headerImage, footer_image: images.footerImage });
}

/** POST custom_emails/ multipart: the first images; 201 with the server's `detail`. */
export function createCustomEmail(images: CustomEmailImages): Promise<SavedCustomEmail> {
  return requestApi<SavedCustomEmail>('custom_emails/', {
    method: 'POST',
    body: buildImagesFormData(images),
  });
}

/** PUT custom_emails/edit/{id}/ multipart: replaces the images sent and keeps the other. */
export function editCustomEmail(id: number, images: CustomEmailImages): Promise<CustomEmail> {
  return requestApi<CustomEmail>(`custom_emails/edit/${id}/`, { method: 'PUT', body: buildImagesFormData(images) });
}

/** Creates the custom e-mail when the organization has none yet, else edits it. */
export function saveCustomEmailImages(input: CustomEmailImagesInput): Promise<CustomEmail & Partial<Detail>> {
  return input.id === null ? createCustomEmail(input) : editCustomEmail(input.id, input);
}

export function useSaveCustomEmailImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomEmailImages,
    // The previews show the stored images at once, without asking the list again.
    onSuccess: (saved, input) => {
      queryClient.setQueryData(
        customEmailsQueryOptions(input.organization).queryKey,
        buildCustomEmailsPage({ id: saved.id, header_image: saved.header_image, footer_image: saved.footer_image }),
      );
    },
  });
}
