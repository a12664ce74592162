import { demo, demoPassword } from '../page-models/demo-data';
import { createCpf, createEmail } from '../page-models/people';
import type { RegistrationValues } from '../page-models/registration-page';
import { expect, test } from './fixtures';

test.describe('Guessable passwords at registration', () => {
  let plannerHash: string;

  test.beforeEach(async ({ api }) => {
    plannerHash = await api.invitationHashOf(demo.planner.email, demoPassword, demo.slug);
  });

  function newClient(password: string): RegistrationValues {
    return {
      email: createEmail('senha.comum'),
      firstName: 'Celia',
      lastName: 'Comum',
      phone: '(11) 91234-5678',
      cpf: createCpf(),
      password,
      passwordConfirmation: password,
    };
  }

  test('a common password gets the server’s message under the field', async ({ registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.register(newClient('Flamengo2024'));

    await expect(registrationPage.errorOf('password')).toHaveText(
      'Esta senha é muito comum. Escolha uma mais difícil de adivinhar.',
    );
    await expect(registrationPage.accountCreatedHeading).toHaveCount(0);
  });

  test('an all-digit password is refused before sending', async ({ registrationPage }) => {
    await registrationPage.open(demo.slug, 'cliente', plannerHash);
    await registrationPage.register(newClient('19283746501'));

    await expect(registrationPage.errorOf('password')).toHaveText('A senha não pode ter apenas números.');
    await expect(registrationPage.accountCreatedHeading).toHaveCount(0);
  });
});
