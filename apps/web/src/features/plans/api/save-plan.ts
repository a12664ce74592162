import type { Plan, PlanService } from '@prumo/contract/plans';
import type { PlanType } from '@prumo/domain/payments/plan-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { plansQueryKey } from './plans-query-keys';

/** A plan as the form sends it: amounts in integer cents. */
export interface PlanBody {
  name: string;
  description: string;
  type: PlanType;
  platform_amount: number;
  service_amount: number;
  recurrent_amount: number;
  service_months: number;
  is_active: boolean;
  payday: number | null;
  serviceProvision: PlanService[];
}

/** POST payment/plans/ (201) for a new plan; PUT payment/plans/{id}/ (200) with some or all of its fields. */
export function savePlan({ id, body }: { id: number | null; body: Partial<PlanBody> }): Promise<Plan> {
  if (id === null) return requestApi<Plan>('payment/plans/', { method: 'POST', body });
  return requestApi<Plan>(`payment/plans/${id}/`, { method: 'PUT', body });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
