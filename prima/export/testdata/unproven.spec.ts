// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/export/form');
  // unproven: prima saw no effect, so nothing is asserted
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada');
});
