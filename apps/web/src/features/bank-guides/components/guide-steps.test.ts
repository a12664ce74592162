import { maximumGuideSteps } from '@prumo/domain/banks/statement-guides';
import { describe, expect, it } from 'vitest';
import {
  buildGuideBody,
  canAddStep,
  isLastStep,
  listGuideErrorFields,
  moveStep,
  readStatementGuide,
  toEditedSteps,
} from './guide-steps';

const nubank = {
  code: '260',
  name: 'Nubank',
  steps: ['Abra o app.', 'Toque em Extrato.', 'Envie o arquivo ao Prumo.'],
  assets: ['/api/bank/guides/260/1.svg', '', '/media/bank-guides/abcdefgh.png'],
  customized: false,
};

describe('a bank guide as the dialog shows it', () => {
  it('gives each step its own image, and none where the address is empty or missing', () => {
    expect(readStatementGuide(nubank)).toEqual({
      bankName: 'Nubank',
      steps: [
        { text: 'Abra o app.', image: '/api/bank/guides/260/1.svg' },
        { text: 'Toque em Extrato.', image: '' },
        { text: 'Envie o arquivo ao Prumo.', image: '/media/bank-guides/abcdefgh.png' },
      ],
    });
    expect(readStatementGuide({ ...nubank, assets: ['/api/bank/guides/260/1.svg'] }).steps[2]).toEqual({
      text: 'Envie o arquivo ao Prumo.',
      image: '',
    });
  });

  it("moves one step at a time and never past the first or the last; 'Finalizar' only on the last", () => {
    expect(moveStep(0, 3, 1)).toBe(1);
    expect(moveStep(1, 3, 1)).toBe(2);
    expect(moveStep(2, 3, 1)).toBe(2);
    expect(moveStep(2, 3, -1)).toBe(1);
    expect(moveStep(0, 3, -1)).toBe(0);
    expect(moveStep(0, 1, 1)).toBe(0);
    expect([0, 1, 2].map((step) => isLastStep(step, 3))).toEqual([false, false, true]);
    expect(isLastStep(0, 1)).toBe(true);
  });
});

describe("the manager's guide form", () => {
  it('sends the texts trimmed with their images, in order, without the keys of the form', () => {
    let counter = 0;
    const edited = toEditedSteps(readStatementGuide(nubank), () => `k${++counter}`);
    expect(edited.map((step) => step.key)).toEqual(['k1', 'k2', 'k3']);
    edited[0] = { ...edited[0], text: '  Abra o app do Nubank.\n' } as (typeof edited)[number];
    expect(buildGuideBody(edited)).toEqual({
      steps: [
        { text: 'Abra o app do Nubank.', image: '/api/bank/guides/260/1.svg' },
        { text: 'Toque em Extrato.', image: '' },
        { text: 'Envie o arquivo ao Prumo.', image: '/media/bank-guides/abcdefgh.png' },
      ],
    });
  });

  it('takes steps up to the limit the API sets', () => {
    expect(canAddStep(maximumGuideSteps - 1)).toBe(true);
    expect(canAddStep(maximumGuideSteps)).toBe(false);
  });

  it("places the API's field errors under each step's text and image, and the list's own", () => {
    expect(listGuideErrorFields(2)).toEqual([
      'steps',
      'steps.0.text',
      'steps.0.image',
      'steps.1.text',
      'steps.1.image',
    ]);
  });
});
