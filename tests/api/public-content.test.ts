// The website's read API (issue #7): only what a visitor may see, only the fields a page needs, cacheable, and
// callable from the website's origins only. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { samples } from '../../schema/areas/samples';
import { GIF, PNG, jpegTurned, pngClaiming, webpClaiming } from '../helpers/files';
import { apiClient, postUpload, setupApp, signIn, storedImage, type ApiClient, type TestApp } from './helpers';

const WEBSITE = 'https://www.cornerstone.example';

let t: TestApp;
let api: ApiClient;
let token: string;
beforeAll(async () => {
  t = await setupApp({ websiteOrigins: [WEBSITE, 'http://localhost:8090'], publicCacheSeconds: 120 });
  token = await signIn(t.app);
  api = apiClient(t.app, token);
});
afterAll(async () => {
  await t.close();
});

const day = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const date = (offset: number) => iso(offset).slice(0, 10);

async function create(area: string, body: Record<string, unknown>): Promise<number> {
  const response = await api.post(`/api/${area}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function publicJson<T = Record<string, unknown>>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

interface Page<T = Record<string, unknown>> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

const titles = (page: Page) => page.data.map((item) => item.title);

describe('blog posts', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const post = (title: string, extra: Record<string, unknown>) =>
      create('blogs', { title, content: `<p>${title} body</p>`, tags: ['news'], ...extra });
    ids.old = await post('Old news', { status: 'published', published_at: iso(-3 * day), tags: ['news', 'safety'] });
    ids.recent = await post('Recent news', { status: 'published', published_at: iso(-day), excerpt: 'Fresh from site' });
    ids.undated = await post('Undated news', { status: 'published', published_at: null });
    ids.draft = await post('Draft news', { status: 'draft', published_at: iso(-day) });
    ids.future = await post('Future news', { status: 'published', published_at: iso(3 * day) });
    ids.futureDay = await post('Tomorrow news', { status: 'published', published_at: date(day) });
  });

  it('lists only published posts that are due, newest first, without their bodies', async () => {
    const page = await publicJson<Page>('/api/public/blogs');
    // Published with no time means "now": the time is recorded, so it comes first.
    expect(titles(page)).toEqual(['Undated news', 'Recent news', 'Old news']);
    expect(page).toMatchObject({ page: 1, per_page: 10, total: 3, total_pages: 1 });
    expect(page.data[1]).toEqual({
      id: ids.recent,
      title: 'Recent news',
      slug: 'recent-news',
      excerpt: 'Fresh from site',
      cover_image: null,
      tags: ['news'],
      published_at: expect.any(String),
      author: null,
    });
  });

  it('answers one post by its slug with its body, and 404 for a draft or a post not due yet', async () => {
    expect(await publicJson(`/api/public/blogs/old-news`)).toMatchObject({ id: ids.old, content: '<p>Old news body</p>' });
    for (const slug of ['draft-news', 'future-news', 'tomorrow-news', 'no-such-post']) {
      const response = await get(`/api/public/blogs/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('gives every post a slug the website can open, whatever letters its title has', async () => {
    const cases: [string, string][] = [
      ['日本語のタイトル', '日本語のタイトル'],
      ['Привет мир', 'привет-мир'],
      ['Résumé Straße Ærø Łódź', 'resume-strasse-aero-lodz'],
      // Nothing to make a slug of: named after the area's item.
      ['!!!', 'post'],
      ['???', 'post-2'],
      // Emoji are no letters: their variation selector alone (U+FE0F) was made a slug that shows nothing (an outside
      // probe, 2026-12-06).
      ['❤️', 'post-3'],
      ['Emoji 👨‍👩‍👧‍👦 🏳️‍🌈 test', 'emoji-test'],
    ];
    const made: number[] = [];
    for (const [title, slug] of cases) {
      const id = await create('blogs', { title, content: '<p>x</p>' });
      made.push(id);
      const published = await api.put(`/api/blogs/${id}`, { status: 'published' });
      expect(published.json(), title).toMatchObject({ slug });
      const listed = (await publicJson<Page>('/api/public/blogs?per_page=50')).data;
      expect(listed.find((item) => item.id === id), title).toMatchObject({ slug });
      // Links carry the slug percent-encoded; the lookup reads it back.
      expect(await publicJson(`/api/public/blogs/${encodeURIComponent(slug)}`)).toMatchObject({ id, title, slug });
    }
    for (const id of made) await api.delete(`/api/blogs/${id}`);
    // A slug typed in another script is kept as typed; one in upper case is refused as before.
    const typed = await api.post('/api/projects', { title: 'Dom', slug: 'дом-на-реке', category: 'residential', status: 'completed', publication: 'published' });
    expect(typed.json()).toMatchObject({ slug: 'дом-на-реке' });
    expect(await publicJson(`/api/public/projects/${encodeURIComponent('дом-на-реке')}`)).toMatchObject({ title: 'Dom' });
    expect((await api.post('/api/projects', { title: 'Dom 2', slug: 'Дом', category: 'residential', status: 'completed' })).statusCode).toBe(400);
    // One way to write each slug (NFKC): a decomposed accent and fullwidth letters are stored as their usual form, so
    // the website's address of one is the address of the other, and the second is told the slug is taken.
    const composed = await api.post('/api/projects', { title: 'École', slug: 'e\u0301cole-ｆｕｌｌ', category: 'residential', status: 'completed' });
    expect(composed.statusCode, composed.body).toBe(201);
    expect(composed.json()).toMatchObject({ slug: '\u00e9cole-full' });
    const twin = await api.post('/api/projects', { title: 'École 2', slug: '\u00e9cole-full', category: 'residential', status: 'completed' });
    expect(twin.statusCode, twin.body).toBe(400);
    expect(Object.keys(twin.json<{ errors: Record<string, string> }>().errors)).toEqual(['slug']);
    await api.delete(`/api/projects/${composed.json<{ id: number }>().id}`);
    // Nor can a typed slug hide what makes it differ: a variation selector after a letter, a word of marks alone.
    for (const slug of ['a-\ufe0f', 'a\ufe0f', '\u0301\u0301']) {
      const hidden = await api.post('/api/projects', { title: 'Hidden', slug, category: 'residential', status: 'completed' });
      expect(hidden.statusCode, JSON.stringify(slug)).toBe(400);
      expect(hidden.json()).toMatchObject({ errors: { slug: 'URL slug may contain only lowercase letters, numbers and single hyphens' } });
    }
    const nothing = await api.post('/api/projects', { title: '---', category: 'residential', status: 'completed' });
    expect(nothing.json()).toMatchObject({ slug: 'project' });
    await api.delete(`/api/projects/${typed.json<{ id: number }>().id}`);
    await api.delete(`/api/projects/${nothing.json<{ id: number }>().id}`);
  });

  it('finds a post by the longest slug its field takes, in Latin letters or percent-encoded Greek (an outside probe: 101 letters answered 404)', async () => {
    for (const slug of ['y'.repeat(120), 'α'.repeat(120)]) {
      const id = await create('blogs', { title: `Long slug ${slug.slice(0, 1)}`, slug, status: 'published', published_at: date(-1) });
      expect(await publicJson(`/api/public/blogs/${encodeURIComponent(slug)}`)).toMatchObject({ id, slug });
      await api.delete(`/api/blogs/${id}`);
    }
    // Past what any slug can be: a clear refusal, not a route that is not there.
    const long = await get(`/api/public/blogs/${'y'.repeat(201)}`);
    expect([long.statusCode, long.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/key/i)]);
  });

  it('records the publish time of a post published with none, and keeps a draft without one', async () => {
    const undated = (await api.get(`/api/blogs/${ids.undated}`)).json<{ published_at: string }>();
    expect(Date.now() - Date.parse(undated.published_at)).toBeLessThan(60_000);
    // To the second, as the website's "now" is: a post published at once is on the website at once.
    expect(undated.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    const published = await create('blogs', { title: 'Shown at once', content: '<p>x</p>', status: 'published', published_at: null });
    expect((await publicJson<{ id: number }>('/api/public/blogs/shown-at-once')).id).toBe(published);
    await api.delete(`/api/blogs/${published}`);
    const draft = await create('blogs', { title: 'Undated draft', content: '<p>x</p>', status: 'draft', published_at: null });
    expect((await api.get(`/api/blogs/${draft}`)).json()).toMatchObject({ published_at: null });
  });

  it('filters by tag and searches, still hiding what is not visible', async () => {
    expect(titles(await publicJson<Page>('/api/public/blogs?tag=safety'))).toEqual(['Old news']);
    expect(titles(await publicJson<Page>('/api/public/blogs?q=news'))).toEqual(['Undated news', 'Recent news', 'Old news']);
    expect(titles(await publicJson<Page>('/api/public/blogs?q=FRESH'))).toEqual(['Recent news']);
    expect(titles(await publicJson<Page>('/api/public/blogs?q=draft'))).toEqual([]);
  });

  it('pages the list', async () => {
    const second = await publicJson<Page>('/api/public/blogs?page=2&per_page=2');
    expect(titles(second)).toEqual(['Old news']);
    expect(second).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect((await publicJson<Page>('/api/public/blogs?page=9')).data).toEqual([]);
  });

  it('honours the publish time when it is read: a post appears once it is due (at most a second late), with no job running', async () => {
    await create('blogs', { title: 'Due soon', content: '<p>x</p>', status: 'published', published_at: iso(1500) });
    expect(titles(await publicJson<Page>('/api/public/blogs'))).not.toContain('Due soon');
    // The website's "now" is the start of the current second (server/areas/list-query.ts listTime).
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(titles(await publicJson<Page>('/api/public/blogs'))[0]).toBe('Due soon');
  });

  it('refuses bad parameters with a clear message, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['page=0', "The 'page' parameter must be at least 1."],
      ['page=abc', "The 'page' parameter must be a whole number."],
      ['per_page=51', "The 'per_page' parameter must be at most 50."],
      ['page=1.5', "The 'page' parameter must be a whole number."],
      ['page=99999999999999999999', "The 'page' parameter must be at most 1000000."],
      // Digits only, as integers are everywhere (an outside probe, 2026-12-06: page=1e3 answered page 1000).
      ['page=1e3', "The 'page' parameter must be a whole number."],
      ['page=%205', "The 'page' parameter must be a whole number."],
      ['page=0x10', "The 'page' parameter must be a whole number."],
      ['per_page=1e1', "The 'per_page' parameter must be a whole number."],
      ['page=', "The 'page' parameter must be a whole number."],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/public/blogs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBe(message);
    }
    // A malformed address answers like every other error.
    for (const url of ['/api/public/blogs/%ZZ', '/api/blogs/%ZZ']) {
      const malformed = await get(url);
      expect(malformed.statusCode, url).toBe(400);
      expect(malformed.json(), url).toEqual({ message: 'The address is not valid: it has a malformed percent-encoding.' });
    }
    // In the query too: not percent-encoding, or not UTF-8 once decoded (half a surrogate pair, a lone continuation
    // byte); what is both still reads (an encoded "é", a literal plus).
    for (const url of ['/api/public/blogs?q=%ED%A0%80', '/api/public/blogs?q=%ZZ', '/api/public/blogs?q=caf%C3', '/api/public/blogs?q=%80', '/api/blogs?filter=%7B%', '/api/public/blogs?%FF=1']) {
      const malformed = await get(url);
      expect([malformed.statusCode, malformed.json()], url).toEqual([400, { message: 'The address is not valid: its query has a malformed percent-encoding.' }]);
    }
    expect((await get('/api/public/blogs?q=caf%C3%A9+b%C3%A9ton')).statusCode).toBe(200);
    for (const url of ['/api/public/blogs?tag=', `/api/public/blogs?q=${'x'.repeat(300)}`, '/api/public/blogs?q=%00%27', `/api/public/blogs/${'a'.repeat(500)}`, '/api/public/blogs?page=1&page=2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('dates', () => {
  it('are stored as ISO 8601 in UTC, so a date with an offset is compared at its real instant', async () => {
    const offset = new Date(Date.now() + 2 * 3_600_000);
    // The same instant written two hours "east": 14:00+02:00 is 12:00Z.
    const local = new Date(offset.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);
    const id = await create('blogs', { title: 'Offset post', content: '<p>x</p>', status: 'published', published_at: `${local}+02:00` });
    expect((await api.get(`/api/blogs/${id}`)).json()).toMatchObject({ published_at: new Date(`${local}+02:00`).toISOString() });
    expect((await get('/api/public/blogs/offset-post')).statusCode).toBe(404);
  });

  it('refuse what is not a date in that form, instead of guessing', async () => {
    for (const value of ['1 January 2099', 'June 15, 2026', '2024-02-30', '99999-12-31', '0']) {
      const response = await api.post('/api/blogs', { title: `Odd ${value}`, content: '<p>x</p>', status: 'published', published_at: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json<{ errors: Record<string, string> }>().errors.published_at, value).toBe(
        'Publish date must be a valid date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM in UTC or with an offset like +02:00)',
      );
    }
  });
});

describe('projects', () => {
  beforeAll(async () => {
    await create('projects', { title: 'Harbour Tower', category: 'commercial', status: 'completed', featured: true, publication: 'published', description: '<p>Tall</p>', notes: 'x' });
    await create('projects', { title: 'Mill Homes', category: 'residential', status: 'ongoing', publication: 'published', published_at: iso(-day) });
    await create('projects', { title: 'Secret Depot', category: 'industrial', status: 'planned', publication: 'draft' });
    await create('projects', { title: 'Next Year Bridge', category: 'infrastructure', status: 'planned', publication: 'published', published_at: iso(300 * day) });
  });

  it('hides drafts and projects not due, and filters by category and featured', async () => {
    expect(titles(await publicJson<Page>('/api/public/projects')).sort()).toEqual(['Harbour Tower', 'Mill Homes']);
    expect(titles(await publicJson<Page>('/api/public/projects?category=residential'))).toEqual(['Mill Homes']);
    expect(titles(await publicJson<Page>('/api/public/projects?featured=true'))).toEqual(['Harbour Tower']);
    expect(titles(await publicJson<Page>('/api/public/projects?featured=false'))).toEqual(['Mill Homes']);
    // Empty is no filter: what a <select>'s "All" option sends (400 before).
    expect(titles(await publicJson<Page>('/api/public/projects?category=&featured=')).sort()).toEqual(['Harbour Tower', 'Mill Homes']);
    const bad = await get('/api/public/projects?category=castle');
    expect(bad.statusCode).toBe(400);
    const categories = 'residential, commercial, industrial, infrastructure, renovation, interior';
    expect(bad.json()).toEqual({ message: `The 'category' parameter must be one of: ${categories}.`, errors: { category: `The 'category' parameter must be one of: ${categories}` } });
    expect((await get('/api/public/projects?featured=maybe')).json()).toEqual({
      message: "The 'featured' parameter must be true or false.",
      errors: { featured: "The 'featured' parameter must be true or false" },
    });
  });

  it('answers a project by its slug with its description and gallery, never a draft', async () => {
    const project = await publicJson('/api/public/projects/harbour-tower');
    expect(project).toMatchObject({ title: 'Harbour Tower', description: '<p>Tall</p>', gallery: [] });
    expect(Object.keys(project)).not.toContain('publication');
    expect(Object.keys(project)).not.toContain('created_at');
    expect((await get('/api/public/projects/secret-depot')).statusCode).toBe(404);
  });
});

describe('job postings', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const posting = (title: string, extra: Record<string, unknown>) =>
      create('careers', { title, department: 'Site', location: 'Leeds', publication: 'published', status: 'open', ...extra });
    ids.open = await posting('Site Engineer', { closing_date: date(10 * day), description: '<p>Build</p>' });
    ids.today = await posting('Closes Today', { closing_date: date(0) });
    ids.closed = await posting('Closed Role', { status: 'closed' });
    ids.past = await posting('Past Role', { closing_date: date(-day) });
    ids.draft = await posting('Draft Role', { publication: 'draft' });
    ids.future = await posting('Future Role', { published_at: iso(5 * day) });
  });

  it('lists open postings only: published, due, status open and not past the closing day', async () => {
    expect(titles(await publicJson<Page>('/api/public/careers')).sort()).toEqual(['Closes Today', 'Site Engineer']);
  });

  it('answers an open posting by id with its description, and 404 for the others', async () => {
    expect(await publicJson(`/api/public/careers/${ids.open}`)).toMatchObject({ id: ids.open, title: 'Site Engineer', description: '<p>Build</p>' });
    for (const name of ['closed', 'past', 'draft', 'future']) {
      expect((await get(`/api/public/careers/${ids[name]}`)).statusCode, name).toBe(404);
    }
    expect((await get('/api/public/careers/not-a-number')).statusCode).toBe(400);
  });
});

describe('banners, ordered sections and SEO', () => {
  beforeAll(async () => {
    const banner = (title: string, extra: Record<string, unknown>) =>
      create('banners', { title, placement: 'homepage_top', active: true, ...extra });
    await banner('Live', { starts_at: date(-day), ends_at: date(day) });
    await banner('Sidebar live', { placement: 'sidebar' });
    await banner('Switched off', { active: false });
    await banner('Expired', { starts_at: date(-3 * day), ends_at: date(-day) });
    await banner('Upcoming', { starts_at: date(day) });

    const first = await create('features', { title: 'First', active: true });
    const second = await create('features', { title: 'Second', active: true });
    const hidden = await create('features', { title: 'Hidden', active: false });
    const reordered = await api.put('/api/features/order', { ids: [hidden, second, first] });
    expect(reordered.statusCode, reordered.body).toBe(200);

    await create('seo', { path: '/', meta_title: 'Home' });
    await create('seo', { path: '/about', meta_title: 'About us' });
  });

  it('shows banners live now, by placement', async () => {
    expect(titles(await publicJson<Page>('/api/public/banners')).sort()).toEqual(['Live', 'Sidebar live']);
    expect(titles(await publicJson<Page>('/api/public/banners?placement=sidebar'))).toEqual(['Sidebar live']);
  });

  it('keeps the order the administrator set, and hides switched-off items', async () => {
    const features = await publicJson<Page>('/api/public/features');
    expect(titles(features)).toEqual(['Second', 'First']);
    expect(Object.keys(features.data[0]!).sort()).toEqual(['description', 'icon', 'id', 'title']);
  });

  it('answers every SEO entry, or one by path', async () => {
    expect((await publicJson<Page>('/api/public/seo')).data.map((entry) => entry.path)).toEqual(['/', '/about']);
    expect(await publicJson('/api/public/seo?path=/about')).toEqual({
      id: expect.any(Number),
      path: '/about',
      meta_title: 'About us',
      meta_description: null,
      share_image: null,
      canonical_url: null,
      noindex: false,
    });
    expect((await get('/api/public/seo?path=/nowhere')).statusCode).toBe(404);
  });

  it('keeps one way to write a path: ü typed as u and a combining mark is the entry with ü, asked for either way', async () => {
    const decomposed = '/u\u0308ber-uns';
    const entry = await api.post('/api/seo', { path: decomposed, meta_title: 'Über uns' });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json<{ path: string }>().path).toBe('/\u00fcber-uns');
    const twin = await api.post('/api/seo', { path: '/\u00fcber-uns', meta_title: 'Twin' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toMatchObject({ errors: { path: 'Path is already used by another entry: choose another' } });
    for (const asked of [decomposed, '/\u00fcber-uns']) {
      expect(await publicJson(`/api/public/seo?path=${encodeURIComponent(asked)}`)).toMatchObject({ path: '/\u00fcber-uns', meta_title: 'Über uns' });
    }
    expect((await api.delete(`/api/seo/${entry.json<{ id: number }>().id}`)).statusCode).toBe(200);
  });
});

describe.each(areas.filter((area) => area.website?.equals?.['active' as never] === true).map((area) => [area.name] as const))(
  'switched-off items of %s',
  (name) => {
    it('never reach the website', async () => {
      const sample = samples[name]![0]!;
      const shown = await create(name, { ...sample, active: true });
      const hidden = await create(name, { ...sample, active: false });
      const ids = (await publicJson<Page>(`/api/public/${name}`)).data.map((item) => item.id);
      expect(ids).toContain(shown);
      expect(ids).not.toContain(hidden);
    });
  },
);

describe('singletons and files', () => {
  it('answers the hero with only its fields, its image as an absolute URL with alt text and size', async () => {
    const src = await storedImage(t.db);
    const saved = await api.put('/api/hero/1', {
      headline: 'We build',
      background_image: { src, title: 'A crane at dawn', mime: 'image/png', size: PNG.length },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await get('/api/public/hero', { host: 'cms.example.com' });
    expect(response.json()).toEqual({
      headline: 'We build',
      subheadline: null,
      background_image: { url: `http://cms.example.com${src}`, alt: 'A crane at dawn', mime: 'image/png', size: PNG.length, width: 1, height: 1 },
      cta_text: null,
      cta_link: null,
    });
  });

  it("gives a file named like a file name the name of its record as alt text", async () => {
    const src = await storedImage(t.db);
    await create('blogs', {
      title: 'Crane day',
      content: '<p>x</p>',
      status: 'published',
      cover_image: { src, title: 'IMG_2031.png', mime: 'image/png', size: PNG.length },
    });
    expect((await publicJson<{ cover_image: unknown }>('/api/public/blogs/crane-day')).cover_image).toEqual({
      url: `http://localhost:80${src}`,
      alt: 'Crane day',
      mime: 'image/png',
      size: PNG.length,
      width: 1,
      height: 1,
    });
  });

  it('gives an image of ours its type and size in bytes as stored with it, when its record gives only its src', async () => {
    const src = await storedImage(t.db);
    // A record written by a script with its src only (the least a file field takes): null and null before.
    await create('blogs', { title: 'Src only', content: '<p>x</p>', status: 'published', cover_image: { src } });
    expect((await publicJson<{ cover_image: unknown }>('/api/public/blogs/src-only')).cover_image).toEqual({
      url: `http://localhost:80${src}`,
      alt: 'Src only',
      mime: 'image/png',
      size: PNG.length,
      width: 1,
      height: 1,
    });
  });

  /** Uploaded as the console uploads it: what a file field then stores. */
  async function uploaded(bytes: Buffer, name: string, type: string) {
    const response = await postUpload(t.app, token, bytes, name, type);
    expect(response.statusCode, response.body).toBe(201);
    const { src, title, mime, size } = response.json<{ src: string; title: string; mime: string; size: number }>();
    return { src, title, mime, size };
  }

  // So that a page can give each <img> its width and height, and nothing moves as images arrive (layout shift).
  it('gives each image its size in pixels as it is shown, read when it was uploaded; a file at another address has none', async () => {
    const cover = await uploaded(pngClaiming(1600, 900), 'cover.png', 'image/png');
    // A phone photo held upright: stored 4000 × 3000, its EXIF orientation (6) turns it a quarter.
    const upright = await uploaded(jpegTurned(4000, 3000, 6), 'upright.jpg', 'image/jpeg');
    const level = await uploaded(jpegTurned(4000, 3000, 1), 'level.jpg', 'image/jpeg');
    const wide = await uploaded(webpClaiming(2400, 800), 'wide.webp', 'image/webp');
    const tiny = await uploaded(GIF, 'dot.gif', 'image/gif');
    const elsewhere = { src: 'https://images.example.com/site.jpg', title: 'Site', mime: 'image/jpeg', size: 1234 };
    await create('projects', {
      title: 'Harbour offices',
      slug: 'harbour-offices',
      category: 'commercial',
      status: 'completed',
      publication: 'published',
      cover_image: cover,
      gallery: [upright, level, elsewhere, wide, tiny],
    });
    const sizes = (files: { url: string; width: number | null; height: number | null }[]) => files.map(({ url, width, height }) => [url.split('/').pop(), width, height]);
    const project = await publicJson<{ cover_image: { url: string; width: number | null; height: number | null }; gallery: { url: string; width: number | null; height: number | null }[] }>(
      '/api/public/projects/harbour-offices',
    );
    const id = (file: { src: string }) => file.src.split('/').pop();
    expect(sizes([project.cover_image])).toEqual([[id(cover), 1600, 900]]);
    expect(sizes(project.gallery)).toEqual([
      [id(upright), 3000, 4000],
      [id(level), 4000, 3000],
      ['site.jpg', null, null],
      [id(wide), 2400, 800],
      [id(tiny), 1, 1],
    ]);
    // The list answers the same sizes.
    const listed = await publicJson<Page<{ title: string; cover_image: { width: number; height: number } }>>('/api/public/projects');
    expect(listed.data.find((item) => item.title === 'Harbour offices')?.cover_image).toMatchObject({ width: 1600, height: 900 });
    // Sizes are not part of what a record stores: the console's form keeps what it sent.
    const stored = (await api.get(`/api/projects?filter=${encodeURIComponent(JSON.stringify({ q: 'Harbour offices' }))}`)).json<{ cover_image: unknown }[]>();
    expect(stored[0]?.cover_image).toEqual(cover);
  });

  // A website on another origin showed broken images: the body's addresses stayed relative (outside probe).
  it("makes the uploads a rich text's images and links name absolute, as file fields' URLs, and no other address", async () => {
    const src = await storedImage(t.db);
    await create('blogs', {
      title: 'Pictured day',
      status: 'published',
      cover_image: { src },
      content: `<p><img src="${src}" alt="A crane" /> <a href="${src}?sig=a&amp;exp=1">the photo</a>, <a href="/about">about</a>, <a href="https://example.com/api/uploads/x">elsewhere</a>, ${src} as text</p>`,
    });
    const response = await get('/api/public/blogs/pictured-day', { host: 'cms.example.com' });
    const post = response.json<{ content: string; cover_image: { url: string } }>();
    expect(post.cover_image.url).toBe(`http://cms.example.com${src}`);
    expect(post.content).toBe(
      `<p><img src="http://cms.example.com${src}" alt="A crane" width="1" height="1" /> <a href="http://cms.example.com${src}?sig=a&amp;exp=1">the photo</a>, <a href="/about">about</a>, <a href="https://example.com/api/uploads/x">elsewhere</a>, ${src} as text</p>`,
    );
    // Built from the request's host, so the answer says it differs by host (docs/website-api.md, Caching).
    expect(String(response.headers.vary)).toContain('Host');
    expect(String(response.headers.vary)).not.toContain('X-Forwarded-Host');
    // Forwarded headers, which a trusted proxy's answer is built from, are named too.
    const forwarded = await get('/api/public/blogs/pictured-day', { host: 'cms.example.com', 'x-forwarded-host': 'cms.example.com', 'x-forwarded-proto': 'http' });
    expect(String(forwarded.headers.vary).split(', ')).toEqual(expect.arrayContaining(['Origin', 'Host', 'X-Forwarded-Host', 'X-Forwarded-Proto']));
  });

  it("gives a rich text's images of ours their size in pixels, unless a size was written; others stay as written", async () => {
    const wide = await uploaded(pngClaiming(1600, 900), 'wide.png', 'image/png');
    const upright = await uploaded(jpegTurned(4000, 3000, 6), 'upright.jpg', 'image/jpeg');
    await create('blogs', {
      title: 'Sized pictures',
      status: 'published',
      content:
        `<p><img src="${wide.src}" alt="Wide" /></p><figure><img src="${upright.src}" alt="Upright" title="On site" /></figure>` +
        `<p><img src="${wide.src}" alt="Small" width="320" /><img src="https://images.example.com/a.jpg" alt="Elsewhere" /></p>`,
    });
    const post = await publicJson<{ content: string }>('/api/public/blogs/sized-pictures');
    const base = 'http://localhost:80';
    expect(post.content).toBe(
      `<p><img src="${base}${wide.src}" alt="Wide" width="1600" height="900" /></p><figure><img src="${base}${upright.src}" alt="Upright" title="On site" width="3000" height="4000" /></figure>` +
        `<p><img src="${base}${wide.src}" alt="Small" width="320" /><img src="https://images.example.com/a.jpg" alt="Elsewhere" /></p>`,
    );
  });

  it('stores the alternative text written for an image exactly, and gives it to the website before any title', async () => {
    const src = await storedImage(t.db);
    const alt = 'Two cranes lifting the last steel beam of the Oakwood tower at dawn, façade half clad';
    const id = await create('blogs', {
      title: 'Topping out',
      content: '<p>x</p>',
      status: 'published',
      cover_image: { src, title: 'IMG_2031.png', alt: `  ${alt} `, mime: 'image/png', size: PNG.length },
    });
    const stored = (await api.get(`/api/blogs/${id}`)).json<{ cover_image: Record<string, unknown> }>();
    expect(stored.cover_image).toEqual({ src, title: 'IMG_2031.png', alt, mime: 'image/png', size: PNG.length });
    expect((await publicJson<{ cover_image: { alt: string } }>('/api/public/blogs/topping-out')).cover_image.alt).toBe(alt);
    // Cleared: the title (here a file name) and then the record's name again.
    const cleared = await api.put(`/api/blogs/${id}`, { cover_image: { ...stored.cover_image, alt: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await publicJson<{ cover_image: { alt: string } }>('/api/public/blogs/topping-out')).cover_image.alt).toBe('Topping out');
    const tooLong = await api.put(`/api/blogs/${id}`, { cover_image: { ...stored.cover_image, alt: 'a'.repeat(301) } });
    expect(tooLong.statusCode).toBe(400);
  });

  it('uses PUBLIC_URL for file addresses when it is set', async () => {
    const other = await setupApp({ publicUrl: 'https://cms.example.com' });
    try {
      const src = await storedImage(other.db);
      const client = apiClient(other.app, await signIn(other.app));
      await client.put('/api/hero/1', { headline: 'Hi', background_image: { src } });
      const hero = (await other.app.inject({ method: 'GET', url: '/api/public/hero' })).json<{ background_image: { url: string } }>();
      expect(hero.background_image.url).toBe(`https://cms.example.com${src}`);
      expect((await client.post('/api/blogs', { title: 'Based', status: 'published', content: `<p><img src="${src}" alt="" /></p>` })).statusCode).toBe(201);
      const post = await other.app.inject({ method: 'GET', url: '/api/public/blogs/based', headers: { host: 'evil.example' } });
      expect(post.json<{ content: string }>().content).toBe(`<p><img src="https://cms.example.com${src}" alt="" width="1" height="1" /></p>`);
      expect(String(post.headers.vary ?? '')).not.toContain('Host');
    } finally {
      await other.close();
    }
  });

  it('serves no area without a website view, and nothing from the inboxes', async () => {
    for (const name of ['contact-us-form', 'careers-form', 'project-form', 'users-management', 'users']) {
      expect((await get(`/api/public/${name}`)).statusCode, name).toBe(404);
    }
  });
});

/** Waits until the clock is a few milliseconds into the next whole second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

describe('caching', () => {
  it('answers 304 to a client holding the current answer, by ETag or by date', async () => {
    // Earlier tests changed features within this second: wait until the answer's date is not in the future.
    await nextSecond();
    await nextSecond();
    const first = await get('/api/public/features');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=120, stale-while-revalidate=120');
    expect(first.headers['set-cookie']).toBeUndefined();

    const byTag = await get('/api/public/features', { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    expect((await get('/api/public/features', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get('/api/public/features', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    // If-None-Match wins over the date (RFC 9110 §13.1.3).
    expect((await get('/api/public/features', { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('changes the ETag and moves Last-Modified forward as soon as the console saves an edit', async () => {
    const before = await get('/api/public/features');
    // Into the next second, so the new date can be sent at once (see the next test for two changes in one second).
    await nextSecond();
    const list = await api.get('/api/features');
    const id = list.json<{ id: number; title: string }[]>().find((feature) => feature.title === 'First')!.id;
    expect((await api.put(`/api/features/${id}`, { title: 'First, renamed', active: true })).statusCode).toBe(200);

    const after = await get('/api/public/features', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(titles(after.json<Page>())).toContain('First, renamed');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const since = await get('/api/public/features', { 'if-modified-since': String(before.headers['last-modified']) });
    expect(since.statusCode).toBe(200);
    expect(Date.parse(String(after.headers['last-modified']))).toBeGreaterThan(Date.parse(String(before.headers['last-modified'])));
  });

  it('keeps one date per host and address, and never sends a date later than now', async () => {
    const other = await setupApp();
    try {
      const client = apiClient(other.app, await signIn(other.app));
      const src = await storedImage(other.db);
      await client.post('/api/partners', { name: 'Hosted', active: true, logo: { src, title: 'logo.png' } });
      const read = (host: string) => other.app.inject({ method: 'GET', url: '/api/public/partners', headers: { host } });
      for (let i = 0; i < 10; i++) await read(`a${i % 2}.example`);
      const answer = await read('a0.example');
      expect(answer.json<Page>().data[0]).toMatchObject({ logo: { url: `http://a0.example${src}` } });
      const lastModified = Date.parse(String(answer.headers['last-modified']));
      expect(lastModified).toBeLessThanOrEqual(Date.now());

      // Two changes within a second: the second answer's date would be in the future, so it is left out for now,
      // and a copy from that second is not taken for the current one.
      const first = await read('a0.example');
      await client.post('/api/partners', { name: 'Second', active: true });
      const second = await read('a0.example');
      const claimed = second.headers['last-modified'];
      if (claimed !== undefined) expect(Date.parse(String(claimed))).toBeLessThanOrEqual(Date.now());
      const stale = await other.app.inject({
        method: 'GET',
        url: '/api/public/partners',
        headers: { host: 'a0.example', 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(stale.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('does not keep errors', async () => {
    const missing = await get('/api/public/blogs/nothing-here');
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('CORS', () => {
  it('lets the website origins read and post, from a browser', async () => {
    const read = await get('/api/public/blogs', { origin: WEBSITE });
    expect(read.headers['access-control-allow-origin']).toBe(WEBSITE);
    expect(String(read.headers.vary)).toContain('Origin');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/contact-us-form',
      headers: { origin: 'http://localhost:8090', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8090');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('gives any other origin, and the admin API, no CORS header at all', async () => {
    const headersOf = (response: { headers: Record<string, unknown> }) =>
      Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
    expect(headersOf(await get('/api/public/blogs', { origin: 'https://evil.example' }))).toEqual([]);
    expect(headersOf(await get('/api/public/blogs', { origin: `${WEBSITE}.evil.example` }))).toEqual([]);
    expect(headersOf(await api.get('/api/blogs').then(() => get('/api/blogs', { origin: WEBSITE })))).toEqual([]);
    const adminPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/blogs',
      headers: { origin: WEBSITE, 'access-control-request-method': 'POST' },
    });
    expect(headersOf(adminPreflight)).toEqual([]);
  });
});
