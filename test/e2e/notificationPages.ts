import type { Page } from 'playwright-core';
import { baseURL } from './browser';

/** The building team's decision on a booking request (the dev vendor route; decision 054). */
export async function vendorDecides(bookingUuid: string, decision: 'approve' | 'deny') {
  const answer = await fetch(`${baseURL()}/api/dev/bookings/${bookingUuid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision }),
  });
  if (!answer.ok) throw new Error(`deciding ${bookingUuid}: ${answer.status} ${await answer.text()}`);
}

/** The header's bell and the centre's list, with verbs for what a person does with them. */
export class NotificationCentre {
  constructor(
    readonly page: Page,
    readonly building: string,
  ) {}
  bell() {
    return this.page.getByTestId('notification-bell');
  }
  /** The unread count, as the bell's name says it to assistive technology. */
  async count(): Promise<number> {
    const name = (await this.bell().getAttribute('aria-label')) ?? '';
    return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
  }
  items() {
    return this.page.getByTestId('notification');
  }
  item(text: string) {
    return this.items().filter({ hasText: text });
  }
  async open() {
    await this.bell().click();
    await this.page.waitForURL(`**/building/${this.building}/notifications`);
    await this.page.getByTestId('notification-list').or(this.page.getByText('No notifications yet')).waitFor();
  }
  overflow() {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
