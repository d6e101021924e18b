import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The sign-in, sign-up and reset screens, with verbs that read like what a person does. */
export class AuthPages {
  constructor(readonly page: Page) {}

  async open(path = '/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Work email').waitFor();
  }

  async enterEmail(email: string) {
    await this.page.getByLabel('Work email').fill(email);
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  async enterPassword(password: string) {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async signIn(email: string, password: string) {
    await this.enterEmail(email);
    await this.enterPassword(password);
  }

  async seeError(text: string) {
    await this.page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  }

  async seeHome(firstName: string) {
    await this.page.waitForURL('**/home');
    await this.page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  }

  async logOut() {
    await this.page.getByRole('button', { name: 'Log out' }).click();
    await this.page.waitForURL('**/login');
  }

  async fieldValue(label: string) {
    return this.page.getByLabel(label, { exact: true }).inputValue();
  }
}

export const expectUrlPath = (page: Page, path: string) => expect(new URL(page.url()).pathname).toBe(path);
