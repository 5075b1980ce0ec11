// Issue #8: every one of the 18 areas (schema/areas) takes a change through its form in the browser, the way a
// person makes it, and shows it again after a reload; and axe (WCAG 2.2 AA) finds nothing on that form in the light
// theme or the dark one (SPEC §9: light and dark colour schemes).
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import type { AreaDeclaration } from '../../schema/define';
import {
  backgroundLuminance,
  closeNotices,
  DESKTOP,
  escapeRegExp,
  expectNoAxeViolations,
  expectNotice,
  ADMIN,
  launchBrowser,
  openSignedIn,
  pageHeading,
  poll,
  screenshot,
  startServer,
  themeToggle,
  waitForPath,
  type RunningServer,
  type Session,
} from './harness';

let server: RunningServer;
let browser: Browser;
let session: Session;
// Native dialogs the page opened (a beforeunload prompt means a saved form still counted as edited).
let nativeDialogs: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await session?.context.close();
});

async function open(): Promise<Page> {
  session = await openSignedIn(browser, server, DESKTOP);
  nativeDialogs = [];
  session.page.on('dialog', (dialog: Dialog) => {
    nativeDialogs.push(dialog.type());
    // Accepted, so that a reload still happens and the test reports the prompt instead of hanging.
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => undefined);
  });
  return session.page;
}

// Resolves once the browser has the API's answer to this call (so a reload cannot race a save).
function apiAnswer(page: Page, method: string, pathname: RegExp) {
  return page.waitForResponse((response) => response.request().method() === method && pathname.test(new URL(response.url()).pathname));
}

const main = (page: Page) => page.locator('#main-content');
const heading = (page: Page, text: string) => pageHeading(page).filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
const listPath = (area: AreaDeclaration) => (area.name === 'hero' ? '/dashboard' : `/dashboard/${area.name}`); // SPEC §2
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---- fields, found by their labels as a person finds them ---------------------------------------------------

type Control = 'text' | 'number' | 'rich' | 'choice';

interface FieldValue {
  control: Control;
  label: string;
  value: string;
}

const text = (label: string, value: string): FieldValue => ({ control: 'text', label, value });
const number = (label: string, value: string): FieldValue => ({ control: 'number', label, value });
const rich = (label: string, value: string): FieldValue => ({ control: 'rich', label, value });
// A drop-down (MUI Select): its accessible name is its label followed by the shown choice.
const choice = (label: string, value: string): FieldValue => ({ control: 'choice', label, value });

function control(page: Page, field: FieldValue): Locator {
  switch (field.control) {
    case 'number':
      return main(page).getByRole('spinbutton', { name: field.label, exact: true });
    case 'choice':
      return main(page).getByRole('combobox', { name: new RegExp(`^${escapeRegExp(field.label)}\\b`) });
    default:
      return main(page).getByRole('textbox', { name: field.label, exact: true });
  }
}

async function setField(page: Page, field: FieldValue): Promise<void> {
  const input = control(page, field);
  if (field.control === 'choice') {
    await input.click();
    await page.getByRole('listbox').getByRole('option', { name: field.value, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    return;
  }
  await input.click();
  await input.fill(field.value);
}

// What the field shows now: the typed value, the rich text's words, or the drop-down's choice.
async function shown(page: Page, field: FieldValue): Promise<string> {
  const input = control(page, field);
  if (field.control === 'rich' || field.control === 'choice') return (await input.innerText()).trim();
  return input.inputValue();
}

async function expectShown(page: Page, fields: readonly FieldValue[], when: string): Promise<void> {
  for (const field of fields) await poll(() => shown(page, field), `${field.label} ${when}`).toBe(field.value);
}

// ---- axe in both themes -------------------------------------------------------------------------------------

// A failed scan keeps a picture of the page, named in the failure.
async function scan(page: Page, label: string, name: string): Promise<void> {
  try {
    await expectNoAxeViolations(page, label);
  } catch (error) {
    const file = await screenshot(page, `every-area-${name}`);
    throw new Error(`${(error as Error).message}\nscreenshot: ${file}`, { cause: error });
  }
}

// Each round trip scans its form in the light theme once the form has loaded, then switches the dark theme on from
// the header before the fresh load that reads its change back, and scans the form again there (a fresh load is the
// page at rest, not halfway through the switch's colour transitions; the reload a round trip makes anyway serves both).
// Failures are collected, so that one run reports both themes.
async function scanTheme(page: Page, area: AreaDeclaration, theme: 'light' | 'dark', failures: string[]): Promise<void> {
  await closeNotices(page);
  const luminance = await backgroundLuminance(page);
  if (theme === 'light') expect(luminance, 'the light theme first').toBeGreaterThan(0.5);
  else expect(luminance, 'the dark theme is kept after a fresh load').toBeLessThan(0.2);
  const where = `${session.pathname()} (${area.label}) at ${DESKTOP.width}px, ${theme} theme`;
  await scan(page, where, `${area.name}-${theme}`).catch((error: Error) => void failures.push(error.message));
}

async function switchToDark(page: Page): Promise<void> {
  await closeNotices(page);
  await themeToggle(page).click();
  await poll(() => backgroundLuminance(page), 'the dark theme is on').toBeLessThan(0.2);
}

// ---- what each area's round trip is ---------------------------------------------------------------------------

interface SingletonCase {
  kind: 'singleton';
  // A field that holds sample content, and what it becomes.
  edit: FieldValue;
}

interface CollectionCase {
  kind: 'collection';
  // Typed on the New page: every required field, and more where it shows a different control at work.
  create: readonly FieldValue[];
  // Typed on the New page but never shown again (a password).
  writeOnly?: readonly FieldValue[];
  // What the console or the API fills in by itself (a slug from the title).
  derived?: readonly FieldValue[];
  // The create page's save button.
  createButton: string;
  // Where saving a new record leads, and the page heading of its edit page.
  afterCreate: 'list' | 'edit';
  editHeading: string;
  // From the list to the record, as a person finds it there.
  inList: (page: Page) => Locator;
  // One field changed on the record's edit page, and the page heading then (if it changed).
  edit: FieldValue;
  editedHeading?: string;
}

interface InboxCase {
  kind: 'inbox';
  notes: string;
}

type AreaCase = SingletonCase | CollectionCase | InboxCase;

const linkNamed = (name: string) => (page: Page) => main(page).getByRole('link', { name, exact: true });

const CASES: Record<string, AreaCase> = {
  hero: { kind: 'singleton', edit: text('Headline', 'Homes and workplaces built to outlast us') },
  'about-us': { kind: 'singleton', edit: text('Subtitle', 'A family builder since 1998, now three hundred people strong.') },
  'about-page': { kind: 'singleton', edit: text('Mission', 'To build safely, on time, and leave every street better than we found it.') },
  'privacy-policy': { kind: 'singleton', edit: text('Title', 'Privacy and Cookie Policy') },
  'contact-us': { kind: 'singleton', edit: text('LinkedIn', 'https://linkedin.com/company/cornerstone-builders-e2e') },

  features: {
    kind: 'collection',
    create: [text('Title', 'Modular Timber Frames'), text('Description', 'Factory-made frames that go up in days, not weeks.')],
    createButton: 'Create feature',
    afterCreate: 'list',
    editHeading: 'Edit Modular Timber Frames',
    inList: linkNamed('Modular Timber Frames'),
    edit: text('Description', 'Factory-made frames that go up in days and stay true for decades.'),
  },
  testimonials: {
    kind: 'collection',
    create: [
      text('Name', 'Hannah Osei'),
      text('Role', 'Homeowner'),
      text('Company', 'Osei Family Trust'),
      text('Quote', 'They finished our extension a week early and left the garden tidier than before.'),
    ],
    createButton: 'Create testimonial',
    afterCreate: 'list',
    editHeading: 'Edit Hannah Osei',
    inList: linkNamed('Hannah Osei'),
    edit: text('Role', 'Homeowner and landlord'),
  },
  partners: {
    kind: 'collection',
    create: [text('Name', 'Harbour Glass Ltd'), text('Website', 'https://harbourglass.example.com')],
    createButton: 'Create partner',
    afterCreate: 'list',
    editHeading: 'Edit Harbour Glass Ltd',
    inList: linkNamed('Harbour Glass Ltd'),
    edit: text('Website', 'https://www.harbourglass.example.com/trade'),
  },
  counters: {
    kind: 'collection',
    create: [text('Label', 'Homes handed over'), number('Value', '1250'), text('Suffix', '+')],
    createButton: 'Create counter',
    afterCreate: 'list',
    editHeading: 'Edit Homes handed over',
    inList: linkNamed('Homes handed over'),
    edit: number('Value', '1310'),
  },
  'users-management': {
    kind: 'collection',
    create: [text('Name', 'Nadia Brennan'), text('Email', 'nadia.brennan@cornerstone.test')],
    // Adding a user needs your own password (schema/areas/users-management.ts needsOwnPassword).
    writeOnly: [text('Password', 'a-long-enough-secret-9'), text('Your password', ADMIN.password)],
    createButton: 'Create user',
    afterCreate: 'list',
    editHeading: 'Edit Nadia Brennan',
    // The users table names a row by its cells; its link is the row's Edit.
    inList: (page) =>
      main(page).getByRole('row').filter({ hasText: 'nadia.brennan@cornerstone.test' }).getByRole('link', { name: 'Edit', exact: true }),
    edit: text('Name', 'Nadia Brennan-Kerr'),
    editedHeading: 'Edit Nadia Brennan-Kerr',
  },
  blogs: {
    kind: 'collection',
    create: [
      text('Title', 'Topping Out at Oakwood Phase Two'),
      text('Excerpt', 'The last beam is in place on the second phase of Oakwood Residences.'),
      rich('Content', 'The frame is complete and the roofers start on Monday.'),
      text('Author', 'Marcus Webb'),
    ],
    derived: [text('URL slug', 'topping-out-at-oakwood-phase-two')],
    createButton: 'Create post',
    afterCreate: 'edit',
    editHeading: 'Topping Out at Oakwood Phase Two',
    inList: linkNamed('Topping Out at Oakwood Phase Two'),
    edit: text('Author', 'Laura Chen'),
  },
  projects: {
    kind: 'collection',
    create: [
      text('Title', 'Canal Wharf Apartments'),
      choice('Category', 'Residential'),
      choice('Status', 'Ongoing'),
      text('Client', 'Canal Wharf Homes'),
      number('Year', '2027'),
    ],
    derived: [text('URL slug', 'canal-wharf-apartments')],
    createButton: 'Create project',
    afterCreate: 'edit',
    editHeading: 'Canal Wharf Apartments',
    inList: linkNamed('Canal Wharf Apartments'),
    edit: text('Location', 'Birmingham, UK'),
  },
  banners: {
    kind: 'collection',
    create: [
      text('Title', 'Spring open weekend'),
      text('Subtitle', 'Tour the Oakwood show home on 18 and 19 April.'),
      choice('Placement', 'Sidebar'),
    ],
    createButton: 'Create banner',
    afterCreate: 'edit',
    editHeading: 'Spring open weekend',
    inList: linkNamed('Spring open weekend'),
    edit: text('Button text', 'Book a visit'),
  },
  careers: {
    kind: 'collection',
    create: [text('Title', 'Site Manager'), text('Department', 'Operations'), text('Location', 'Leeds')],
    derived: [text('URL slug', 'site-manager'), choice('Employment type', 'Full time')],
    createButton: 'Create job posting',
    afterCreate: 'edit',
    editHeading: 'Site Manager',
    inList: linkNamed('Site Manager'),
    edit: text('Location', 'Leeds or Manchester'),
  },
  seo: {
    kind: 'collection',
    create: [text('Path', '/about'), text('Meta title', 'About Cornerstone | Builders since 1998')],
    createButton: 'Create SEO entry',
    afterCreate: 'list',
    editHeading: 'SEO for /about',
    inList: linkNamed('/about'),
    edit: text('Meta description', 'Who we are, how we work and the people behind every project.'),
  },

  'careers-form': { kind: 'inbox', notes: 'Strong CV: invite to a first interview.' },
  'project-form': { kind: 'inbox', notes: 'Site visit booked for Thursday.' },
  'contact-us-form': { kind: 'inbox', notes: 'Answered by phone; nothing more to do.' },
};

// ---- the round trips ----------------------------------------------------------------------------------------

async function singletonRoundTrip(page: Page, area: AreaDeclaration, test: SingletonCase, failures: string[]): Promise<void> {
  const path = listPath(area);
  await page.goto(path);
  await heading(page, area.label).waitFor();
  const field = control(page, test.edit);
  await poll(() => field.inputValue(), 'the sample content is loaded').not.toBe('');
  expect(await field.inputValue(), 'a change, not the value it already has').not.toBe(test.edit.value);
  await scanTheme(page, area, 'light', failures);

  await setField(page, test.edit);
  const saved = apiAnswer(page, 'PUT', new RegExp(`^/api/${area.name}/1$`));
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expectNotice(page, { type: 'success', title: 'Success', message: 'Changes saved' }); // SPEC §8, issue #8 item 5
  expect(session.pathname(), 'a singleton is edited in place').toBe(path);

  await switchToDark(page);
  await page.reload();
  await heading(page, area.label).waitFor();
  await expectShown(page, [test.edit], 'after a reload');
  await scanTheme(page, area, 'dark', failures);
}

async function collectionRoundTrip(page: Page, area: AreaDeclaration, test: CollectionCase, failures: string[]): Promise<void> {
  const list = listPath(area);
  const item = area.itemLabel ?? '';
  await page.goto(list);
  await heading(page, area.label).waitFor();

  // Create, from the page header's button.
  await main(page).getByRole('link', { name: `New ${item}`, exact: true }).click();
  await waitForPath(session, `${list}/create`);
  await heading(page, `New ${item}`).waitFor();
  await main(page).getByRole('link', { name: area.label, exact: true }).waitFor(); // the way back
  for (const field of [...test.create, ...(test.writeOnly ?? [])]) await setField(page, field);
  const created = apiAnswer(page, 'POST', new RegExp(`^/api/${area.name}$`));
  await main(page).getByRole('button', { name: test.createButton, exact: true }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  const { id } = (await answer.json()) as { id: number };
  await expectNotice(page, { type: 'success', title: 'Success', message: `${capitalised(item)} created` }); // issue #8 item 5
  const editPath = `${list}/${id}`;

  if (test.afterCreate === 'list') {
    await waitForPath(session, list);
    await test.inList(page).click();
  }
  await waitForPath(session, editPath);

  // Read back from the server, not from the form that was just typed in.
  await page.reload();
  await heading(page, test.editHeading).waitFor();
  await expectShown(page, [...test.create, ...(test.derived ?? [])], 'after a reload');
  // A password is never sent back (schema/areas/users-management.ts): no field shows it.
  for (const field of test.writeOnly ?? []) expect(await control(page, field).count(), `${field.label} on the edit page`).toBe(0);
  await scanTheme(page, area, 'light', failures);

  // Edit the record just made.
  await setField(page, test.edit);
  const updated = apiAnswer(page, 'PUT', new RegExp(`^/api/${area.name}/${id}$`));
  await main(page).getByRole('button', { name: 'Save', exact: true }).click();
  const update = await updated;
  expect(update.status(), await update.text()).toBe(200);
  await expectNotice(page, { type: 'success', title: 'Success', message: 'Changes saved' });
  // The record's edit page loaded afresh, wherever the save led.
  await switchToDark(page);
  await page.goto(editPath);
  await heading(page, test.editedHeading ?? test.editHeading).waitFor();
  await expectShown(page, [test.edit], 'after the edit and a reload');
  await scanTheme(page, area, 'dark', failures);
}

async function inboxRoundTrip(page: Page, area: AreaDeclaration, test: InboxCase, failures: string[]): Promise<void> {
  const list = listPath(area);
  await page.goto(list);
  await heading(page, area.label).waitFor();
  // The newest submission (the sample content has three per inbox); the console offers no way to create one.
  const first = main(page).locator('table tbody').getByRole('link').first();
  await first.waitFor();
  const name = ((await first.textContent()) ?? '').trim();
  expect(name).not.toBe('');
  await first.click();
  await page.waitForURL(new RegExp(`/dashboard/${escapeRegExp(area.name)}/\\d+/show$`));
  const showPath = session.pathname();
  await heading(page, name).waitFor();

  // Status: one press saves it.
  const status = () => main(page).getByRole('group', { name: 'Status', exact: true });
  const closed = () => status().getByRole('button', { name: 'Closed', exact: true });
  await poll(() => closed().getAttribute('aria-pressed'), 'not closed yet').toBe('false');
  await scanTheme(page, area, 'light', failures);
  const statusSaved = apiAnswer(page, 'PUT', new RegExp(`^/api/${area.name}/\\d+$`));
  await closed().click();
  expect((await statusSaved).status()).toBe(200);
  await expectNotice(page, { type: 'success', title: 'Success', message: 'Status changed to Closed' });

  // Internal notes: saved with their own button.
  const notes = () => main(page).getByRole('textbox', { name: 'Notes', exact: true });
  await notes().click();
  await notes().fill(test.notes);
  const notesSaved = apiAnswer(page, 'PUT', new RegExp(`^/api/${area.name}/\\d+$`));
  await main(page).getByRole('button', { name: 'Save notes', exact: true }).click();
  const answer = await notesSaved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expectNotice(page, { type: 'success', title: 'Success', message: 'Notes saved' });

  await switchToDark(page);
  await page.reload();
  await heading(page, name).waitFor();
  expect(session.pathname()).toBe(showPath);
  await poll(() => closed().getAttribute('aria-pressed'), 'Closed after a reload').toBe('true');
  await poll(() => notes().inputValue(), 'the notes after a reload').toBe(test.notes);
  await scanTheme(page, area, 'dark', failures);
}

// ---- the tests ----------------------------------------------------------------------------------------------

describe('every area round-trips in the browser, with axe in both themes (issue #8)', () => {
  it('has a round trip for each of the 18 declared areas, of its kind', () => {
    expect(areas).toHaveLength(18);
    expect(Object.keys(CASES).sort()).toEqual(areas.map((area) => area.name).sort());
    for (const area of areas) expect(CASES[area.name]?.kind, area.name).toBe(area.kind);
  });

  for (const area of areas) {
    const test = CASES[area.name];
    const what =
      test?.kind === 'collection'
        ? 'creates a record and edits it, each read back after a reload'
        : test?.kind === 'inbox'
          ? "changes a submission's status and notes, read back after a reload"
          : 'saves an edited field, read back after a reload';
    it(`${area.label} (${area.kind}): ${what}; axe finds nothing on its form in the light and dark themes`, async () => {
      if (!test) throw new Error(`no round trip for ${area.name}`);
      const page = await open();
      const failures: string[] = [];
      if (test.kind === 'singleton') await singletonRoundTrip(page, area, test, failures);
      else if (test.kind === 'collection') await collectionRoundTrip(page, area, test, failures);
      else await inboxRoundTrip(page, area, test, failures);
      if (failures.length > 0) throw new Error(failures.join('\n\n'));
      expect(nativeDialogs, 'no browser prompt: every change was saved').toEqual([]);
    });
  }

  it('Blog Posts: an edited sample post keeps its change after a reload', async () => {
    const page = await open();
    await page.goto('/dashboard/blogs');
    await heading(page, 'Blog Posts').waitFor();
    const title = 'Renovating a Victorian Terrace: A Site Diary'; // schema/areas/samples.ts
    await main(page).getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(/\/dashboard\/blogs\/\d+$/);
    const editPath = session.pathname();
    await heading(page, title).waitFor();
    const excerpt = text('Excerpt', 'Twelve weeks, one listed façade and a great deal of lime mortar.');
    await poll(() => shown(page, excerpt), 'the sample excerpt').toBe('Twelve weeks, one listed façade and a lot of lime mortar.');

    await setField(page, excerpt);
    const saved = apiAnswer(page, 'PUT', /^\/api\/blogs\/\d+$/);
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expectNotice(page, { type: 'success', title: 'Success', message: 'Changes saved' });

    await page.goto(editPath);
    await heading(page, title).waitFor();
    await expectShown(page, [excerpt, text('Title', title)], 'after a reload');
    // The list shows the new excerpt under the title too.
    await main(page).getByRole('link', { name: 'Blog Posts', exact: true }).click();
    await waitForPath(session, '/dashboard/blogs');
    await main(page).getByRole('row').filter({ hasText: title }).getByText(excerpt.value, { exact: true }).waitFor();
    expect(nativeDialogs).toEqual([]);
  });
});
