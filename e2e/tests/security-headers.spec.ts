import { demoPassword, outra } from '../page-models/demo-data';
import { LoginPage } from '../page-models/login-page';
import { tinyPngLogo } from '../page-models/organization-settings-page';
import { expect, test } from './fixtures';

/**
 * The built app runs under its Content-Security-Policy with the organization's own logo and
 * favicon (served from /media/): nothing is blocked (the fixtures fail a test on any violation).
 */
test.describe('Security headers', () => {
  test('the login page and the dashboard load the logo and favicon under the policy', async ({
    page,
    request,
    signInAs,
    contentSecurityViolations,
  }) => {
    const login = await request.post('/api/rest-auth/login/', {
      data: { email: outra.manager.email, password: demoPassword, organization: outra.slug },
    });
    const { key } = (await login.json()) as { key: string };
    const upload = await request.post('/api/logo/', {
      headers: { Authorization: `Token ${key}` },
      multipart: {
        file: { name: 'logo.png', mimeType: 'image/png', buffer: tinyPngLogo.buffer },
        favicon: { name: 'favicon.png', mimeType: 'image/png', buffer: tinyPngLogo.buffer },
      },
    });
    expect(upload.status()).toBe(200);
    const { favicon } = (await upload.json()) as { favicon: string };

    const response = await page.goto(LoginPage.path(outra.slug));
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    const loginPage = new LoginPage(page);
    await expect(loginPage.logo(outra.name)).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', favicon);
    // The logo really drew (a blocked image has no natural width).
    await expect
      .poll(() =>
        loginPage.logo(outra.name).evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);

    await signInAs(outra.slug, outra.manager);
    expect(contentSecurityViolations).toEqual([]);
  });

  test('the API documentation works under its policy', async ({ page }) => {
    await page.goto('/api/docs/');
    await expect(page.getByText('Prumo API').first()).toBeVisible();
  });
});
