import type { Plan } from '@prumo/contract/plans';
import { describe, expect, it } from 'vitest';
import { buildPlanBody, buildPlanFormValues, previewPlanTotal, validatePlanForm } from './plan-form-values';

const plan: Plan = {
  id: 7,
  name: 'Completo',
  description: 'Plataforma e planejamento.',
  type: 'service',
  plan_code: 2,
  platform_amount: 5_000,
  service_amount: 20_000,
  recurrent_amount: 9_900,
  service_months: 12,
  hashed_id: 'abc',
  is_active: true,
  payday: 5,
  serviceProvision: [
    { kind: 'planning', name: 'Planejamento', period: 12, description: 'Um ano de encontros.', fee: 15_000 },
  ],
  total_amount: 25_000,
};

describe('the plan form', () => {
  it('gives back the plan it was filled with', () => {
    const values = buildPlanFormValues(plan);
    expect(values.platform_amount).toBe('50,00');
    expect(values.payday).toBe('5');
    const { id: _id, plan_code: _code, hashed_id: _hash, total_amount: _total, ...fields } = plan;
    expect(buildPlanBody(values)).toEqual(fields);
  });

  it('reads typed amounts in reais with a comma, and totals them by the domain rule', () => {
    const values = { ...buildPlanFormValues(null), platform_amount: '29,90', recurrent_amount: '1.000,00' };
    expect(buildPlanBody(values)).toMatchObject({
      platform_amount: 2_990,
      service_amount: 0,
      recurrent_amount: 100_000,
    });
    expect(previewPlanTotal(values)).toBe(102_990);
    expect(previewPlanTotal({ ...values, service_amount: '10' })).toBe(3_990);
    expect(previewPlanTotal({ ...values, platform_amount: 'abc' })).toBeNull();
  });

  it('drops the services of a platform plan', () => {
    const values = { ...buildPlanFormValues(plan), type: 'platform' as const };
    expect(buildPlanBody(values)).toMatchObject({ service_amount: 0, service_months: 0, serviceProvision: [] });
    expect(validatePlanForm(values)).toEqual({});
  });

  it('shows the API’s messages under the fields, services by their place', () => {
    const values = buildPlanFormValues(plan);
    const broken = {
      ...values,
      name: '',
      platform_amount: 'dez',
      serviceProvision: [{ ...values.serviceProvision[0], name: 'P', period: '', description: 'Curta', fee: '-1' }],
    } as typeof values;
    expect(validatePlanForm(broken)).toEqual({
      name: 'Este campo é obrigatório',
      platform_amount: 'Valor inválido',
      'serviceProvision.0.fee': 'O valor não pode ser negativo.',
      'serviceProvision.0.name': 'O nome do serviço deve ter de 2 a 25 caracteres.',
      'serviceProvision.0.period': 'Este campo é obrigatório',
      'serviceProvision.0.description': 'A descrição do serviço deve ter de 10 a 600 caracteres.',
    });
    expect(validatePlanForm({ ...values, service_months: '' })).toEqual({
      service_months: 'Informe por quantos meses os serviços são cobrados.',
    });
  });
});
