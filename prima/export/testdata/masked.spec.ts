// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
// Set in the environment:
//   PRIMA_PASSWORD: a password prima showed as ••••
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  for (const name of ['PRIMA_PASSWORD']) {
    if (!process.env[name]) throw new Error('set ' + name + ' in the environment (see the top of this file)');
  }
  await page.goto('http://127.0.0.1:8080/login');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(process.env.PRIMA_PASSWORD!);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(process.env.PRIMA_PASSWORD!);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  // not asserted: typed: textbox "Shown": "" -> "••••" (a password this step did not type)
});
