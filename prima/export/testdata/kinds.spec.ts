// Exported by prima: each action as prima ran it, then what it proved.
// Unproven actions have no expects; failed ones are left out.
import { test, expect } from '@playwright/test';

test('prima session', async ({ page }) => {
  await page.goto('http://127.0.0.1:8080/controls');
  await page.getByRole('checkbox', { name: 'A', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'A', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'B', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'C', exact: true })).toBeChecked({ indeterminate: true });
  await page.getByRole('switch', { name: 'Wi-Fi', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Wi-Fi', exact: true })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Bold', exact: true })).not.toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Mute', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Go', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Colours', exact: true }).selectOption(['Red', 'Green']);
  await expect(page.getByRole('combobox', { name: 'Colours', exact: true }).locator('option:checked')).toHaveText(['Red', 'Green']);
  await page.getByRole('listbox', { name: 'Cities', exact: true }).selectOption(['Paris, France', 'Rome']);
  await expect(page.getByRole('listbox', { name: 'Cities', exact: true }).locator('option:checked')).toHaveText(['Paris, France', 'Rome']);
  await page.getByRole('combobox', { name: 'Fruit', exact: true }).fill('Apple');
  await expect(page.getByRole('combobox', { name: 'Fruit', exact: true })).toHaveValue('Apple');
  await page.keyboard.press('ArrowDown');
  // not asserted: selected: combobox "Size": "Small" -> "Medium" (not the action's target: how it holds the selection is not known)
  await page.getByRole('listitem').first().getByRole('textbox').fill('x');
  // not asserted: typed: textbox "Note": "" -> "x" (in "Row A") (not one element a locator can name)
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Card "declined"' })).toHaveText('Card "declined"');
  await expect(page.getByRole('heading', { name: 'Payment', exact: true, level: 3 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Cart', exact: true })).toHaveText('3 items');
  // not asserted: added: heading (a heading without a name)
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All synced' })).toHaveText('All synced');
  await expect(page.getByRole('alert', { name: 'Sync', exact: true })).toHaveText('done');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 of 40 rows, the first of them named row one, and' })).toContainText('Saved 1 of 40 rows, the first of them named row one, and');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('hello');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveText('hello');
  await expect(page.getByRole('textbox', { name: 'Echo', exact: true })).toHaveValue('hello');
  await page.locator('.CodeMirror').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('Second draft');
  await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue('Second draft');
  await page.locator('iframe[title="Inner frame"]').contentFrame().getByRole('textbox', { name: 'Code', exact: true }).fill('42');
  await expect(page.locator('iframe[title="Inner frame"]').contentFrame().getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('42');
  await page.getByRole('textbox', { name: 'Bio', exact: true }).fill('x');
  // not asserted: typed: textbox "Bio": "…same start a" -> "…same start b" (the value is cut)
  // not asserted: typed: textbox "Notes": "" -> "long text…(+300 chars)" (the text is cut)
});
