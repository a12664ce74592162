import type { Persona } from '@prumo/contract/profiles';
import type { ProfileEdit } from '@prumo/domain/account/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildFormData, requestApi } from '../../../lib/api-client';
import { personaQueryKey } from '../../../lib/persona';

export interface ProfileEditInput {
  data?: ProfileEdit;
  /** Sent as multipart when present. */
  profilePicture?: File;
}

/**
 * POST profiles/edit/: JSON for the data, multipart with the picture; answers the new Persona.
 * Every field is optional for the API, so a picture can go alone.
 */
export function editProfile({ data, profilePicture }: ProfileEditInput): Promise<Persona> {
  const body = profilePicture ? buildFormData({ ...data, profile_picture: profilePicture }) : data;
  return requestApi<Persona>('profiles/edit/', { method: 'POST', body });
}

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (persona) => queryClient.setQueryData(personaQueryKey, persona),
  });
}
