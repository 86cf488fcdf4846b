// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
// Set in the environment:
//   PW: the secret {{PW}}
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  for (const name of ['PW']) {
    if (!process.env[name]) throw new Error('set ' + name + ' in the environment (see the top of this file)');
  }
  await page.goto('http://APP/export/form');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada');
  await page.getByRole('checkbox', { name: 'Send me news', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Send me news', exact: true })).toBeChecked();
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Team');
  await expect(page.getByRole('combobox', { name: 'Plan', exact: true }).locator('option:checked')).toHaveText('Team');
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pin', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('#password').fill(process.env.PW!);
  // not asserted: typed: textbox "Password": "" -> "••••" (a password this step did not type)
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved Ada' })).toHaveText('Saved Ada');
  await expect(page.getByRole('heading', { name: 'Contact created', exact: true, level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'View contact' }).click();
  await expect(page).toHaveURL('http://APP/export/done?name=Ada');
  await expect(page.getByRole('heading', { name: 'Contact', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText(/(?<![\p{L}\p{N}\p{M}])Ada(?![\p{L}\p{N}\p{M}])/iu).filter({ visible: true }).first()).toBeVisible();
});
