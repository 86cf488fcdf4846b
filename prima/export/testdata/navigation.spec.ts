// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/export/form');
  await page.getByRole('link', { name: 'View contact', exact: true }).click();
  await expect(page).toHaveURL('http://127.0.0.1:8080/export/done?name=Ada');
  await page.goBack();
  await expect(page).toHaveURL('http://127.0.0.1:8080/export/form');
  await expect(page.getByRole('heading', { name: 'New contact', exact: true, level: 1 })).toBeVisible();
  // unproven: prima saw no effect, so nothing is asserted
  await page.reload();
  await page.goto('http://127.0.0.1:8080/export/done');
  await page.goto('http://127.0.0.1:8080/export/form');
  await expect(page).toHaveURL('http://127.0.0.1:8080/export/form');
  await expect(page.getByRole('heading', { name: 'New contact', exact: true, level: 1 })).toBeVisible();
});
