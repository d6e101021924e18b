import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, mailbox, newPage, seriousA11yViolations } from './browser';
import { apiSignIn, buildingUuid, demoInPlaza } from './api';
import { DirectoryPage, expectUrlPath, signedInPage, signInThroughStorage } from './pages';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A Windows executable renamed to look like a PDF: the app takes it by its name, the server refuses it by its content. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);

let browser: Browser;
let plaza: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ plaza } = await demoInPlaza());
});

/** The help-desk form, with verbs for what a person does on it. */
class HelpDeskForm {
  constructor(
    readonly page: Page,
    readonly scope = page.getByRole('form', { name: 'Support request' }),
  ) {}
  async choose(nature: string) {
    await this.scope.getByLabel(nature).check();
  }
  subject() {
    return this.scope.getByLabel('Subject (required)');
  }
  description() {
    return this.scope.getByLabel('Description (required)');
  }
  async attach(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.scope.locator('input[type="file"]').setInputFiles(files);
  }
  attached() {
    return this.scope.getByTestId('help-desk-files').getByRole('listitem');
  }
  send() {
    return this.scope.getByRole('button', { name: 'Send request' });
  }
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }
}

describe('the help desk', () => {
  it('sends a request with two attachments and the device fields; the success dialog shows and Done goes home', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto('/help-desk');
    const form = new HelpDeskForm(page);
    await form.subject().waitFor();
    expect(await form.send().isDisabled()).toBe(true);
    await form.choose('This web app');
    const subject = `Room booking page stays blank ${Date.now()}`;
    await form.subject().fill(subject);
    await form.description().fill('After choosing a room, the page stays blank. Screenshots attached.');
    await form.attach([
      { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG },
      { name: 'steps.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    expect(await form.attached().allInnerTexts()).toEqual([expect.stringContaining('screenshot.png'), expect.stringContaining('steps.pdf')]);
    expect(await form.send().isEnabled()).toBe(true);

    const answered = page.waitForResponse((r) => r.url().endsWith('/helpdesk-service/v1/records/create'));
    await form.send().click();
    const answer = await answered;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { data: { files: { type: string }[] } }).data.files.map((f) => f.type)).toEqual([
      'image/png',
      'application/pdf',
    ]);

    const success = form.dialog('Request sent');
    await success.waitFor();
    expect(await success.innerText()).toContain('Our help desk has your request');
    // The brand's help desk got the request, with both attachments listed.
    const mail = (await mailbox('help@atrium.localhost')).find((m) => m.text.includes(subject));
    expect(mail?.text).toContain('screenshot.png');
    expect(mail?.text).toContain('steps.pdf');
    // The application, OS and device fields the app read from the browser came with it.
    expect(mail?.text).toContain('application_name: Atrium web app');
    expect(mail?.text).toMatch(/application_version: \d+\.\d+/);
    expect(mail?.text).toContain('os_name: Linux');
    expect(mail?.text).toContain('device_type: desktop');
    expect(mail?.text).toMatch(/device_name: .*Chrome/);

    await success.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/help-desk'));
    expect(new URL(page.url()).pathname).toMatch(/^\/(home|building\/)/);
    await context.close();
  });

  it('keeps the typed text and the files when the server refuses a file, and says why', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 360, height: 740 } });
    await page.goto('/help-desk');
    const form = new HelpDeskForm(page);
    await form.choose('The building');
    await form.subject().fill('Invoice question');
    await form.description().fill('Please see the attached invoice.');
    await form.attach([
      { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE },
    ]);
    expect(await form.attached().count()).toBe(2);
    await form.send().click();

    const failed = form.dialog('Your request was not sent');
    await failed.waitFor();
    const text = await failed.innerText();
    expect(text).toContain('There was an error while submitting your request form. Please try again.');
    expect(text).toContain('"invoice.pdf" is not a pdf file');
    await failed.getByRole('button', { name: 'Back to the form' }).click();
    await failed.waitFor({ state: 'detached' });

    // Everything typed and chosen is still there, and the form says the request was not sent.
    expect(await form.subject().inputValue()).toBe('Invoice question');
    expect(await form.description().inputValue()).toBe('Please see the attached invoice.');
    expect(await form.scope.getByLabel('The building').isChecked()).toBe(true);
    expect(await form.attached().allInnerTexts()).toEqual([expect.stringContaining('photo.png'), expect.stringContaining('invoice.pdf')]);
    await page.getByTestId('help-desk-not-sent').waitFor();

    // Removing the refused file lets the same request through.
    await form.scope.getByRole('button', { name: 'Remove invoice.pdf' }).click();
    await form.send().click();
    await form.dialog('Request sent').waitFor();
    await context.close();
  });

  it('keeps the text after a server failure too (the answer replaced by a 400), and refuses a sixth file in the browser', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.route('**/helpdesk-service/v1/records/create', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'At most 5 files may be attached', code: 'too_many_files' }),
      }),
    );
    await page.goto('/help-desk');
    const form = new HelpDeskForm(page);
    await form.choose('The mobile app');
    await form.subject().fill('Crash on start');
    await form.description().fill('The app closes at once.');
    await form.attach(Array.from({ length: 6 }, (_, i) => ({ name: `page-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: PDF })));
    expect(await form.attached().count()).toBe(5);
    expect(await page.getByTestId('help-desk-refused').innerText()).toContain('page-6.pdf was not added: at most 5 files can be attached.');
    await form.send().click();
    const failed = form.dialog('Your request was not sent');
    await failed.waitFor();
    await failed.getByRole('button', { name: 'Back to the form' }).click();
    expect(await form.subject().inputValue()).toBe('Crash on start');
    expect(await form.attached().count()).toBe(5);

    // Cancel asks first, and Discard leaves the form.
    await form.scope.getByRole('button', { name: 'Cancel' }).click();
    const confirm = form.dialog('Discard this request?');
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(await form.subject().inputValue()).toBe('Crash on start');
    await form.scope.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/help-desk'));
    await context.close();
  });

  it('sends an amenity’s support request from its modal, and the header menu leads to the help desk', async () => {
    const { page, context } = await signedInPage(browser, { viewport: { width: 1280, height: 800 } });
    const directory = new DirectoryPage(page);
    await directory.openAmenities(plaza);
    await directory.section('Food and drink').getByRole('link', { name: 'Lobby café' }).click();
    await directory.button('Request support').click();
    const modal = directory.dialog('Request support');
    const form = new HelpDeskForm(page, modal.getByRole('form', { name: 'Support request' }));
    expect(await form.subject().inputValue()).toBe('Lobby café');
    expect(await form.scope.getByLabel('The building').isChecked()).toBe(true);
    await form.description().fill('The coffee machine is out of order.');
    await form.send().click();
    const success = form.dialog('Request sent');
    await success.getByRole('button', { name: 'Done' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => directory.title().innerText()).toBe('Lobby café');

    await page.getByTestId('account-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Help desk' }).click();
    await page.waitForURL('**/help-desk');
    expectUrlPath(page, '/help-desk');
    await new HelpDeskForm(page).subject().waitFor();
    await context.close();
  });

  it('in a Harbor Estates building offers the portfolio’s categories instead of the natures, and sends its asset and portfolio', async () => {
    // Olivia is in Harbor Point and Maison du Port, on the Harbor brand's host (decision 186).
    const olivia = { email: 'olivia@umbrella.example', password: 'Atrium!2026', first_name: 'Olivia' };
    const session = await apiSignIn(olivia.email, olivia.password);
    const harborPoint = await buildingUuid(session, 'Harbor Point');
    const building = await session.call<{ asset_uuid: string; portfolio_uuid: string }>(`/tenant/v1/buildings/${harborPoint}`);
    const { page, context } = await newPage(browser, { host: 'harbor.localhost' });
    await page.setViewportSize({ width: 360, height: 740 });
    await signInThroughStorage(page, olivia);
    await page.goto(`/building/${harborPoint}`);
    await page.getByTestId('current-building-name').filter({ hasText: 'Harbor Point' }).waitFor();
    // Opened by its address (a load: the building kept from the visit above), the form waits for the building and its portfolio.
    const portfolioRead = page.waitForResponse((r) => r.url().includes(`/admin/v1/portfolios/${building.portfolio_uuid}`));
    await page.goto('/help-desk');
    expect((await portfolioRead).status()).toBe(200);
    const form = new HelpDeskForm(page);
    await form.subject().waitFor();
    const choices = form.scope.getByRole('group', { name: 'Category (required)' });
    expect(await choices.getByRole('radio').count()).toBe(5);
    for (const name of ['Maintenance and repairs', 'Cleaning', 'Security', 'Access and passes', 'Something else'])
      await choices.getByLabel(name).waitFor();
    expect(await form.scope.getByLabel('This web app').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/help-desk-categories-360.png', fullPage: true });

    await form.choose('Security');
    const subject = `The car park gate stays open ${Date.now()}`;
    await form.subject().fill(subject);
    await form.description().fill('Since this morning the barrier does not close.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/helpdesk-service/v1/records/create'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/helpdesk-service/v1/records/create'));
    await form.send().click();
    const body = (await sent).postData() ?? '';
    expect((await answered).status()).toBe(201);
    const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];
    expect(field('issue_type')).toBe('security');
    expect(field('asset_uuid')).toBe(building.asset_uuid);
    expect(field('portfolio_uuid')).toBe(building.portfolio_uuid);
    expect(field('building_name')).toBe('Harbor Point');
    await form.dialog('Request sent').waitFor();
    const mail = (await mailbox('help@harbor.localhost')).find((m) => m.text.includes(subject));
    expect(mail?.text).toContain('Nature: security');
    await context.close();
  });
});
