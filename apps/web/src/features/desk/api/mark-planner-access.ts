import type { Detail } from '@prumo/contract/common';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST profiles/clients/{id}/mark-planner-access/: the adviser opened the client (goes to their access log). */
export function markPlannerAccess(clientId: string): Promise<Detail> {
  return requestApi<Detail>(`profiles/clients/${clientId}/mark-planner-access/`, { method: 'POST' });
}

export function useMarkPlannerAccess() {
  return useMutation({ mutationFn: markPlannerAccess });
}
