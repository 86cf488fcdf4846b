// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/it\'s?q=a\\b');
  await page.getByRole('textbox', { name: 'It\'s "x"', exact: true }).fill('a\nb\\c\'d');
  await expect(page.getByRole('textbox', { name: 'It\'s "x"', exact: true })).toHaveValue('a\nb\\c\'d');
  await expect(page.getByRole('heading', { name: 'Sa\u200bve \u202eevil', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'line\u2028sep 😀 ✓', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'tab\there' })).toHaveText('tab\there');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  // not asserted: typed: textbox "Note" (in "x"): "" -> "y" (not one element a locator can name)
});
