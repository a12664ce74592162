import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { buildCustomEmailsPage, customEmailsQueryOptions } from './get-custom-emails';

/** DELETE custom_emails/{id} (no trailing slash in the contract): 204, both images removed. */
export function deleteCustomEmail(input: { organization: string; id: number }): Promise<unknown> {
  return requestApi(`custom_emails/${input.id}`, { method: 'DELETE' });
}

export function useDeleteCustomEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomEmail,
    onSuccess: (_answer, input) => {
      queryClient.setQueryData(customEmailsQueryOptions(input.organization).queryKey, buildCustomEmailsPage(null));
    },
  });
}
