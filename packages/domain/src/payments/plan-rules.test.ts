import { describe, expect, it } from 'vitest';
import { computePlanTotalCents, findPlanCode, platformPlanCode } from './plan-rules';

describe('the total a plan charges', () => {
  it('adds the services’ amount to the platform’s when there is one', () => {
    expect(computePlanTotalCents({ platform_amount: 5_000, service_amount: 20_000, recurrent_amount: 9_900 })).toBe(
      25_000,
    );
  });

  it('adds the recurrent amount instead when the services’ amount is zero', () => {
    expect(computePlanTotalCents({ platform_amount: 5_000, service_amount: 0, recurrent_amount: 9_900 })).toBe(14_900);
    expect(computePlanTotalCents({ platform_amount: 0, service_amount: 0, recurrent_amount: 0 })).toBe(0);
  });

  it('keeps whole cents, never floating reais', () => {
    expect(computePlanTotalCents({ platform_amount: 10, service_amount: 20, recurrent_amount: 999 })).toBe(30);
  });
});

describe('plan codes', () => {
  it('gives the platform plan code 1 and a plan with services code 2', () => {
    expect(findPlanCode('platform')).toBe(platformPlanCode);
    expect(platformPlanCode).toBe(1);
    expect(findPlanCode('service')).toBe(2);
  });
});
