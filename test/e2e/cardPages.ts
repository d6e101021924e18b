import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** A card as a person types it: the names and expiry on the page, the number and code in the card frame. */
export interface TypedCard {
  firstName: string;
  lastName: string;
  number: string;
  cvv: string;
  expiry: string;
}

/** /add-card, with verbs for the card form and the stored cards. */
export class CardsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/add-card');
    await this.page.getByRole('heading', { name: 'Payment cards', level: 1 }).waitFor();
    await this.page.locator('#card-fields-frame').waitFor();
  }

  private fields() {
    return this.page.frameLocator('#card-fields-frame');
  }

  expiry() {
    return this.page.getByLabel('Expiry date (MM/YY)');
  }

  submit() {
    return this.page.getByRole('button', { name: 'Add card' });
  }

  /** Types the expiry key by key, as a person does (the field formats it as they type). */
  async typeExpiry(text: string) {
    await this.expiry().fill('');
    await this.expiry().pressSequentially(text);
  }

  /** Fills the form and the card frame, and waits for Add card to be enabled. */
  async fillCard(card: TypedCard) {
    await this.page.getByLabel('First name').fill(card.firstName);
    await this.page.getByLabel('Last name').fill(card.lastName);
    await this.fields().getByLabel('Card number').fill(card.number);
    await this.fields().getByLabel('Security code (CVV)').fill(card.cvv);
    await this.typeExpiry(card.expiry);
    await expect.poll(() => this.submit().isDisabled()).toBe(false);
  }

  async addCard(card: TypedCard, added: string) {
    await this.fillCard(card);
    await this.submit().click();
    await this.page.getByText(added).waitFor({ timeout: 15_000 });
  }

  /** After a card was added: a new, empty form. */
  async addAnother() {
    await this.page.getByRole('button', { name: 'Add another card' }).click();
    await this.submit().waitFor();
    await this.page.locator('#card-fields-frame').waitFor();
  }

  async seeFormError(text: string) {
    await this.page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 15_000 });
  }

  /** What the form still holds: the names and expiry on the page, the number in the frame. */
  async typed() {
    return {
      firstName: await this.page.getByLabel('First name').inputValue(),
      lastName: await this.page.getByLabel('Last name').inputValue(),
      expiry: await this.expiry().inputValue(),
      number: await this.fields().getByLabel('Card number').inputValue(),
    };
  }

  /** The stored cards as the list reads: "Visa ending in 4242 (default)" for the default one. */
  async storedCards(): Promise<string[]> {
    const items = this.page.getByTestId('stored-card');
    const texts: string[] = [];
    for (const item of await items.all()) {
      const name = (await item.locator('span').first().innerText()).trim();
      const isDefault = (await item.getByRole('button', { name: `${name} is your default card` }).count()) > 0;
      texts.push(isDefault ? `${name} (default)` : name);
    }
    return texts;
  }

  async seeStoredCards(expected: string[]) {
    await expect.poll(() => this.storedCards(), { timeout: 10_000 }).toEqual(expected);
  }

  /** Makes a card ("Mastercard ending in 4444") the default. */
  async makeDefault(name: string) {
    await this.page.getByRole('button', { name: `Make ${name} your default card` }).click();
    await this.page.getByRole('button', { name: `${name} is your default card` }).waitFor();
  }

  removeButton(name: string) {
    return this.page.getByRole('button', { name: `Remove ${name}` });
  }

  /** Presses a card's Remove: the confirm step opens, and is returned. */
  async askToRemove(name: string, lastFour: string) {
    await this.removeButton(name).click();
    const dialog = this.page.getByRole('dialog', { name: `Remove card ending ${lastFour}?` });
    await dialog.waitFor();
    return dialog;
  }

  /** Removes a card and confirms it. */
  async remove(name: string, lastFour: string) {
    const dialog = await this.askToRemove(name, lastFour);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
