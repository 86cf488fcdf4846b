// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/export/form');
  await expect(page.getByText(/(?<![\p{L}\p{N}\p{M}])Saved\s+Ada(?![\p{L}\p{N}\p{M}])/iu).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator('iframe[title="Inner frame"]').contentFrame().getByText(/(?<![\p{L}\p{N}\p{M}])Inner\s+clicked(?![\p{L}\p{N}\p{M}])/iu).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText(/(?<![\p{L}\p{N}\p{M}])Error(?![\p{L}\p{N}\p{M}])/iu).filter({ visible: true })).toHaveCount(0);
  await expect(page).toHaveTitle('New contact');
  await expect(page).toHaveTitle(new RegExp('contact', 'i'));
  await expect(page).toHaveURL('http://127.0.0.1:8080/export/form');
  await expect(page).toHaveURL(new RegExp('export\\/form\\?'));
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Share', exact: true })).toBeHidden();
  // not asserted: element-hidden (prima resolved no locator for it)
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(new RegExp('A\\.a'));
  await expect(page.getByRole('checkbox', { name: 'Send me news', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Send me news', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pin', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'History', exact: true })).toHaveAttribute('aria-selected', 'true');
  // not asserted: state sparkly (an unknown state)
});
