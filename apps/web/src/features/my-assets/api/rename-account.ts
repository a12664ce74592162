import type { MyAccount } from '@prumo/contract/my-assets';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

export interface AccountRename {
  id: number;
  /** Null (or blank) gives the account back its bank-and-number name. */
  nickname: string | null;
}

/** PUT my-assets/account/{id}/: 200 with the account under its new name. */
export function renameAccount({ id, nickname }: AccountRename): Promise<MyAccount> {
  return requestApi<MyAccount>(`my-assets/account/${id}/`, { method: 'PUT', body: { nickname } });
}

export function useRenameAccount() {
  return useMyAssetsMutation(renameAccount);
}
