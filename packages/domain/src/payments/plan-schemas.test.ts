import { describe, expect, it } from 'vitest';
import { findPlanInconsistencies, NewPlanSchema, PlanChangesSchema, ServiceSchema } from './plan-schemas';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const planning = {
  kind: 'planning',
  name: 'Planejamento',
  period: 12,
  description: 'Um ano de encontros mensais com o planejador.',
  fee: 15_000,
};

describe('a service of a plan', () => {
  it('takes a period as a number or as 1 or 2 typed digits', () => {
    expect(ServiceSchema.parse({ ...planning, name: '  Planejamento  ' })).toEqual({ ...planning });
    expect(ServiceSchema.parse({ ...planning, period: '6' }).period).toBe(6);
    expect(ServiceSchema.parse({ ...planning, period: 99 }).period).toBe(99);
  });

  it('refuses each field out of its bounds with its pt-BR message', () => {
    expect(
      messagesOf(ServiceSchema.safeParse({ kind: 'outro', name: 'P', period: '123', description: 'Curta', fee: -1 })),
    ).toEqual({
      kind: 'Tipo de serviço inválido: use planejamento, consultoria ou personalizado.',
      name: 'O nome do serviço deve ter de 2 a 25 caracteres.',
      period: 'Número inválido',
      description: 'A descrição do serviço deve ter de 10 a 600 caracteres.',
      fee: 'Valor inválido',
    });
    expect(messagesOf(ServiceSchema.safeParse({ ...planning, name: 'x'.repeat(26) })).name).toBe(
      'O nome do serviço deve ter de 2 a 25 caracteres.',
    );
    expect(messagesOf(ServiceSchema.safeParse({ ...planning, description: 'x'.repeat(601) })).description).toBe(
      'A descrição do serviço deve ter de 10 a 600 caracteres.',
    );
    for (const period of [0, 100, 1.5, '1a', '', true]) {
      expect(messagesOf(ServiceSchema.safeParse({ ...planning, period })).period, String(period)).toBe(
        'Número inválido',
      );
    }
    expect(messagesOf(ServiceSchema.safeParse({ ...planning, fee: 10.5 })).fee).toBe(
      'Valor inválido: envie centavos inteiros',
    );
  });

  it('takes a custom kind, and a fee of zero', () => {
    expect(ServiceSchema.parse({ ...planning, kind: 'custom', name: 'Mentoria', fee: 0 })).toMatchObject({
      kind: 'custom',
      fee: 0,
    });
  });
});

describe('a new plan', () => {
  it('needs a name, a type and the platform’s amount; the rest starts empty and active', () => {
    expect(NewPlanSchema.parse({ name: 'Essencial', type: 'platform', platform_amount: 0 })).toEqual({
      name: 'Essencial',
      description: '',
      type: 'platform',
      platform_amount: 0,
      service_amount: 0,
      recurrent_amount: 0,
      service_months: 0,
      is_active: true,
      payday: null,
      serviceProvision: [],
    });
    // The published "platform or other": other is a service plan.
    expect(NewPlanSchema.parse({ name: 'Completo', type: 'other', platform_amount: 1_000 }).type).toBe('service');
    expect(messagesOf(NewPlanSchema.safeParse({ name: 'Completo', type: 'gold', platform_amount: 1_000 }))).toEqual({
      type: 'Tipo de plano inválido: use plataforma ou serviço.',
    });
    expect(messagesOf(NewPlanSchema.safeParse({}))).toEqual({
      name: 'Este campo é obrigatório',
      type: 'Tipo de plano inválido: use plataforma ou serviço.',
      platform_amount: 'Este campo é obrigatório',
    });
  });

  it('answers amounts past the largest safe number with their field’s message, never throwing', () => {
    const plan = { name: 'Completo', type: 'service', platform_amount: 1e300, service_amount: 2 ** 53 };
    expect(messagesOf(NewPlanSchema.safeParse({ ...plan, service_months: 1 }))).toEqual({
      platform_amount: 'Valor acima do limite.',
      service_amount: 'Valor acima do limite.',
    });
  });

  it('keeps the payday to 1–28 and the service months to 0–99', () => {
    const plan = { name: 'Completo', type: 'service', platform_amount: 1_000 };
    expect(messagesOf(NewPlanSchema.safeParse({ ...plan, payday: 29 })).payday).toBe(
      'Informe um dia de cobrança entre 1 e 28.',
    );
    expect(messagesOf(NewPlanSchema.safeParse({ ...plan, payday: 0 })).payday).toBe(
      'Informe um dia de cobrança entre 1 e 28.',
    );
    expect(NewPlanSchema.parse({ ...plan, payday: 28 }).payday).toBe(28);
    expect(messagesOf(NewPlanSchema.safeParse({ ...plan, service_months: 100 })).service_months).toBe(
      'Número inválido',
    );
  });

  it('names the service that breaks a rule by its place in the list', () => {
    const result = NewPlanSchema.safeParse({
      name: 'Completo',
      type: 'service',
      platform_amount: 1_000,
      serviceProvision: [planning, { ...planning, name: 'X' }],
    });
    expect(messagesOf(result)).toEqual({
      'serviceProvision.1.name': 'O nome do serviço deve ter de 2 a 25 caracteres.',
    });
  });

  it('keeps the rules between fields', () => {
    expect(
      messagesOf(
        NewPlanSchema.safeParse({
          name: 'Essencial',
          type: 'platform',
          platform_amount: 1_000,
          service_amount: 500,
          service_months: 3,
          serviceProvision: [planning],
        }),
      ),
    ).toEqual({
      service_amount: 'Um plano de plataforma não cobra serviços: deixe o valor dos serviços em zero.',
      serviceProvision: 'Um plano de plataforma não inclui serviços.',
    });
    expect(
      messagesOf(
        NewPlanSchema.safeParse({ name: 'Completo', type: 'service', platform_amount: 0, service_amount: 500 }),
      ),
    ).toEqual({ service_months: 'Informe por quantos meses os serviços são cobrados.' });
    expect(messagesOf(NewPlanSchema.safeParse({ name: 'Completo', type: 'service', platform_amount: 0 }))).toEqual({
      platform_amount: 'Um plano com serviços precisa de um total acima de zero.',
    });
  });
});

describe('a plan’s changes', () => {
  it('take any field alone, and refuse none', () => {
    expect(PlanChangesSchema.parse({ is_active: false })).toEqual({ is_active: false });
    expect(PlanChangesSchema.parse({ payday: null })).toEqual({ payday: null });
    expect(messagesOf(PlanChangesSchema.safeParse({}))).toEqual({ '': 'Informe ao menos um campo para alterar.' });
  });

  it('are checked against the whole plan they make', () => {
    const stored = { type: 'service', platform_amount: 1_000, service_amount: 0, recurrent_amount: 0 } as const;
    expect(findPlanInconsistencies({ ...stored, service_months: 0, serviceProvision: [] })).toEqual([]);
    expect(findPlanInconsistencies({ ...stored, platform_amount: 0, service_months: 0, serviceProvision: [] })).toEqual(
      [{ field: 'platform_amount', message: 'Um plano com serviços precisa de um total acima de zero.' }],
    );
  });
});
