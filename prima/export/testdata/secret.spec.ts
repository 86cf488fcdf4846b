// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
// Set in the environment:
//   API_KEY: the secret {{API_KEY}}
//   PW: the secret {{PW}}
//   USER: the secret {{USER}}
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  for (const name of ['API_KEY', 'PW', 'USER']) {
    if (!process.env[name]) throw new Error('set ' + name + ' in the environment (see the top of this file)');
  }
  await page.goto('http://127.0.0.1:8080/login');
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(process.env.API_KEY!);
  await expect(page.getByRole('textbox', { name: 'API key', exact: true })).toHaveValue(process.env.API_KEY!);
  await page.getByRole('textbox', { name: 'Header', exact: true }).fill('Bearer ' + process.env.API_KEY! + ' for ' + process.env.USER!);
  await expect(page.getByRole('textbox', { name: 'Header', exact: true })).toHaveValue('Bearer ' + process.env.API_KEY! + ' for ' + process.env.USER!);
  await page.getByRole('textbox', { name: 'Template', exact: true }).fill('Hello {{name}}');
  await expect(page.getByRole('textbox', { name: 'Template', exact: true })).toHaveValue('Hello {{name}}');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(process.env.PW!);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(process.env.PW!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('http://127.0.0.1:8080/login?token=' + process.env.API_KEY!);
  await expect(page.getByRole('status').filter({ hasText: 'Signed in as ' + process.env.USER! })).toHaveText('Signed in as ' + process.env.USER!);
  // the page was at this URL when the next step began
  await page.goto('http://127.0.0.1:8080/login');
  // not exported: pw click e9 (its locator or options hold a secret or a masked value)
  await expect(page.getByRole('textbox', { name: 'User', exact: true })).toHaveValue(process.env.USER!);
  // not asserted: value {{USER}} (a contains check on a secret)
});
