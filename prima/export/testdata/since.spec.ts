// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/export/form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved Ada' })).toHaveText('Saved Ada');
  await expect(page.getByRole('heading', { name: 'Contact created', exact: true, level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'View contact', exact: true }).click();
  await expect(page).toHaveURL('http://127.0.0.1:8080/export/done?name=Ada');
  await expect(page.getByRole('heading', { name: 'Contact', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText(/(?<![\p{L}\p{N}\p{M}])Ada(?![\p{L}\p{N}\p{M}])/iu).filter({ visible: true }).first()).toBeVisible();
});
