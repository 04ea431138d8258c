import { expect, test } from '@playwright/test';
import { openExtranetAsNewCustomer } from './accounts';
import { expectAccessible, signIn, signOut } from './helpers';
import { totpCode } from './totp';

/** The README's demo account with an authenticator already on (apps/api/src/db/seed/demo-second-factor.ts). */
const TOTP_ACCOUNT = { email: 'totp@demo.fr', secret: 'KRUGK4TNNFHE6ZLSM5SVI33UOBCGK3LP' };

test.describe('second factor at sign-in', () => {
  test('a network admin whose role requires it enrols an authenticator, then signs in with a code', async ({ page }) => {
    // A copy of a network admin (role 2) that must use a second factor: the demo accounts stay as seeded.
    const res = await page.request.post('/dev/fixtures/staff-user', {
      data: { like: 'marc.lemoine@demo.fr', secondFactorRequired: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    const admin = (await res.json()) as { emailAddress: string; password: string };

    await page.goto('/intranet/login');
    await signIn(page, admin.emailAddress, admin.password);
    await expect(page.getByRole('heading', { name: 'Activez la double authentification' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code à scanner/ })).toBeVisible();
    await expectAccessible(page, 'the enrolment at sign-in');
    // Nothing else opens meanwhile: no session yet.
    expect(await page.evaluate(() => localStorage.getItem('reseau.refreshToken'))).toBeNull();

    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const enrolledAt = Date.now();
    await page.getByRole('textbox', { name: 'Code à 6 chiffres' }).fill(totpCode(secret, enrolledAt));
    await page.getByRole('button', { name: 'Activer et me connecter' }).click();
    const codes = page.getByRole('list', { name: 'Vos codes de secours' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page, 'the recovery codes');
    await page.getByRole('button', { name: "J'ai noté mes codes, continuer" }).click();
    await expect(page).toHaveURL(/\/intranet$/);
    await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();

    // Next time: the password, then a code (the next one: the enrolment's code is spent).
    await signOut(page);
    await signIn(page, admin.emailAddress, admin.password);
    await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
    await expectAccessible(page, 'the second step of the sign-in');
    await page.getByRole('textbox', { name: 'Code à 6 chiffres' }).fill(totpCode(secret, enrolledAt + 30_000));
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/intranet$/);
  });

  test('the demo account with an authenticator signs in with a code of its README secret', async ({ page }) => {
    await page.goto('/intranet/login');
    await signIn(page, TOTP_ACCOUNT.email);
    await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Code à 6 chiffres' });
    // A wrong code is refused and the step stays.
    const right = totpCode(TOTP_ACCOUNT.secret);
    await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByRole('alert')).toHaveText('Code invalide ou déjà utilisé.');
    await code.fill(right);
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/intranet$/);
    await expect(page.getByRole('heading', { name: /^Bonjour / })).toBeVisible();
  });
});

test.describe('Sécurité du compte', () => {
  test('a customer turns on an authenticator from their personal info, then signs in with a code', async ({ page }) => {
    const customer = await openExtranetAsNewCustomer(page, 'client2@demo.fr');
    await page.goto('/extranet/personal-info');
    const section = page.getByRole('region', { name: 'Double authentification' });
    await expect(section.getByText('Désactivée')).toBeVisible();
    await section.getByRole('button', { name: "Ajouter une application d'authentification" }).click();
    await expect(section.getByRole('img', { name: /QR code à scanner/ })).toBeVisible();
    await expectAccessible(page, 'the enrolment in the personal info');
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const enrolledAt = Date.now();
    await section.getByRole('textbox', { name: 'Code à 6 chiffres' }).fill(totpCode(secret, enrolledAt));
    await section.getByRole('button', { name: 'Activer' }).click();
    await expect(section.getByRole('list', { name: 'Vos codes de secours' }).getByRole('listitem')).toHaveCount(10);
    await expect(section.getByText(/^Activée depuis le /)).toBeVisible();

    // The next sign-in asks for a code.
    const res = await page.request.post('/api/auth/client', {
      data: { emailAddress: customer.emailAddress, password: customer.password },
    });
    const { secondFactorChallenge } = (await res.json()) as { secondFactorChallenge: { challengeToken: string } };
    const second = await page.request.post('/api/auth/second-factor', {
      data: { challengeToken: secondFactorChallenge.challengeToken, code: totpCode(secret, enrolledAt + 30_000) },
    });
    expect(second.status(), await second.text()).toBe(200);
  });
});
