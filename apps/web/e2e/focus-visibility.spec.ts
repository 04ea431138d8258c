import { expect, type Locator, test } from '@playwright/test';

/**
 * Where the keyboard is (issue 25): a text field in focus has a 2-px ring that stands out from the
 * page (WCAG 2.4.7, 1.4.11: 3:1), and the password's eye button is reached by Tab, with a French name.
 */

/** The WCAG contrast ratio of two `rgb(…)` colours, as the browser computes them. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

async function focusRing(field: Locator) {
  return field.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor };
  });
}

test('text fields show a 2-px focus ring, and Tab reaches the password eye button', async ({ page }) => {
  await page.goto('/intranet/login');
  const email = page.getByRole('textbox', { name: 'Adresse email' });
  const password = page.getByRole('textbox', { name: 'Mot de passe', exact: true });
  await expect(email).toBeVisible();

  for (const field of [email, password]) {
    await field.focus();
    const ring = await focusRing(field);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // Against the card the field sits on (white).
    expect(contrast(ring.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
  }

  // From the password, Tab goes to its eye button, named in French; Space shows the password.
  await password.fill('secret-123');
  await password.focus();
  await page.keyboard.press('Tab');
  const eye = page.getByRole('button', { name: 'Afficher le mot de passe' });
  await expect(eye).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
});
