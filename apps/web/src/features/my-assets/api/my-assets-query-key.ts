import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Every query of Meu patrimônio starts with this key: a change to any item (an investment, a debt,
 * a card's days) moves the net worth and the group totals, so each change refreshes them all.
 */
export const myAssetsQueryKey = ['my-assets'] as const;

/** A change made on this screen: once it succeeds, everything the screen shows is read again. */
export function useMyAssetsMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAssetsQueryKey }),
  });
}
