// Issue #6: references are real. A field declared with fields.reference points at another area's records; the API
// refuses ids that do not exist and applies the declared onDelete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas } from '../../schema/areas';
import { defineArea, fields } from '../../schema/define';
import { PDF, PNG } from '../helpers/files';
import { apiClient, listParams, setupApp, signIn, storedImage, type ApiClient, type TestApp } from './helpers';

const authors = defineArea({
  name: 'authors',
  label: 'Authors',
  recordLabel: 'name',
  icon: 'users',
  group: 'website-tools',
  kind: 'collection',
  schema: z.object({ name: fields.text('Name', 100) }),
});
const books = defineArea({
  name: 'books',
  label: 'Books',
  recordLabel: 'title',
  icon: 'blog',
  group: 'website-tools',
  kind: 'collection',
  schema: z.object({
    title: fields.text('Title', 100),
    author_id: fields.reference('Author', { area: 'authors', onDelete: 'restrict', countAs: 'books_count' }),
    editor_id: fields.reference('Editor', { area: 'authors', onDelete: 'keep' }),
  }),
  filters: ['author_id'],
});

let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await setupApp({}, { areas: [...areas, authors, books] });
  api = apiClient(t.app, await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

async function created(url: string, body: Record<string, unknown>) {
  const response = await api.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number } & Record<string, unknown>>();
}

describe('job applications point at job postings (careers-form.career_id, onDelete keep)', () => {
  const application = { full_name: 'Ada Mason', email: 'ada@example.com' };

  it('refuses an application for a posting that does not exist', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/public/careers-form', payload: { ...application, career_id: 999999 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please check the form for errors', errors: { career_id: 'This job posting does not exist.' } });
  });

  it('counts applications per posting, and deleting the posting keeps its applications', async () => {
    // Published: visitors apply only to open postings (tests/api/public-forms.test.ts).
    const posting = await created('/api/careers', { title: 'Site Engineer', department: 'Engineering', location: 'Leeds', publication: 'published' });
    const sent = await t.app.inject({ method: 'POST', url: '/api/public/careers-form', payload: { ...application, career_id: posting.id } });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = (await api.get(`/api/careers-form${listParams({ filter: { career_id: posting.id } })}`)).json<{ id: number }[]>()[0]!;
    expect((await api.get(`/api/careers/${posting.id}`)).json()).toMatchObject({ applications_count: 1 });

    expect((await api.delete(`/api/careers/${posting.id}`)).statusCode).toBe(200);
    const kept = await api.get(`/api/careers-form/${id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ full_name: 'Ada Mason', career_id: posting.id });
    // Triage still works on an application whose posting is gone.
    expect((await api.put(`/api/careers-form/${id}`, { status: 'in_progress' })).statusCode).toBe(200);
  });
});

describe('a restricting reference (books.author_id → authors)', () => {
  it('refuses an unknown id with the field message', async () => {
    const response = await api.post('/api/books', { title: 'Foundations', author_id: 424242 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { author_id: 'Author does not exist (it may have been deleted)' } });
  });

  it('refuses to delete a record that others point at, saying how many, until they are gone', async () => {
    const author = await created('/api/authors', { name: 'Vitruvius' });
    const first = await created('/api/books', { title: 'De architectura', author_id: author.id });
    await created('/api/books', { title: 'Ten Books', author_id: author.id });
    expect((await api.get(`/api/authors/${author.id}`)).json()).toMatchObject({ books_count: 2 });

    const refused = await api.delete(`/api/authors/${author.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This record cannot be deleted: 2 entries in Books refer to it. Delete them or point them elsewhere first.' });
    expect((await api.get(`/api/authors/${author.id}`)).statusCode).toBe(200);

    await api.put(`/api/books/${first.id}`, { author_id: null });
    const list = await api.get(`/api/books?filter=${encodeURIComponent(JSON.stringify({ author_id: author.id }))}`);
    expect(list.json<{ title: string }[]>().map((book) => book.title)).toEqual(['Ten Books']);
  });

  it('lets a record whose "keep" target was deleted be saved again unchanged', async () => {
    const editor = await created('/api/authors', { name: 'Editor' });
    const book = await created('/api/books', { title: 'Edited', editor_id: editor.id });
    expect((await api.delete(`/api/authors/${editor.id}`)).statusCode).toBe(200);
    const saved = await api.put(`/api/books/${book.id}`, { title: 'Edited, 2nd ed.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Edited, 2nd ed.', editor_id: editor.id });
    // Pointing it at another missing record is refused.
    const moved = await api.put(`/api/books/${book.id}`, { editor_id: editor.id + 1000 });
    expect(moved.statusCode).toBe(400);
  });
});

// A file field names an upload that exists, and one the website may show: docs/api.md "checks uploaded-file fields
// point at an upload". A CV sent with a job application is a private document.
describe('file fields', () => {
  const NO_UPLOAD = 'This file is not an upload (it may have been deleted): upload it again';
  const PRIVATE_UPLOAD = 'This file is a private document: only an uploaded image can be used here';
  const project = (extra: Record<string, unknown>) => ({ title: 'Img Proj', category: 'commercial', status: 'completed', publication: 'published', ...extra });
  const refusal = (errors: Record<string, string>) => ({ message: 'Please check the form for errors', errors });

  /** The id of a CV sent with a job application from the website. */
  async function sentCv(): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries({ full_name: 'Amira Haddad', email: 'amira@example.com', phone: '+44 7700 900123', message: 'Hi' })) form.append(name, value);
    form.append('cv', new File([new Uint8Array(PDF)], 'Amira Haddad CV.pdf', { type: 'application/pdf' }));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const sent = await t.app.inject({ method: 'POST', url: '/api/public/careers-form', payload, headers: { 'content-type': request.headers.get('content-type')! } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [application] = (await api.get(`/api/careers-form${listParams({ sort: ['id', 'DESC'], range: [0, 0] })}`)).json<{ cv: { src: string } }[]>();
    return application!.cv.src;
  }

  it('refuse a private document (a CV) and an upload that does not exist, in collections and singletons', async () => {
    const cv = await sentCv();
    const secret = await api.post('/api/projects', project({ gallery: [{ src: cv, title: 'secret cv' }] }));
    expect([secret.statusCode, secret.json()]).toEqual([400, refusal({ 'gallery.0.src': PRIVATE_UPLOAD })]);
    const image = await storedImage(t.db);
    const missing = await api.post('/api/projects', project({ cover_image: { src: '/api/uploads/x1' }, gallery: [{ src: image }, { src: `/api/uploads/${'0'.repeat(28)}dead` }] }));
    expect([missing.statusCode, missing.json()]).toEqual([400, refusal({ 'cover_image.src': NO_UPLOAD, 'gallery.1.src': NO_UPLOAD })]);
    const hero = await api.put('/api/hero/1', { headline: 'Hi', background_image: { src: cv, title: 'cv.pdf', mime: 'application/pdf' } });
    expect([hero.statusCode, hero.json()]).toEqual([400, refusal({ 'background_image.src': PRIVATE_UPLOAD })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/projects' })).json<{ data: unknown[] }>().data).toEqual([]);
    // Nothing refused was kept, and a web address is the writer's own business.
    const web = await api.post('/api/projects', project({ title: 'Web Proj', cover_image: { src: 'https://images.example.com/a.png' }, gallery: [{ src: image, title: 'Site' }] }));
    expect(web.statusCode, web.body).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: '/api/public/projects/web-proj' });
    expect(shown.json()).toMatchObject({ gallery: [{ url: expect.stringMatching(new RegExp(`${image}$`)), alt: 'Site' }] });
  });

  // The router reads `/%61pi/uploads/<id>` as /api/uploads/<id>, browsers `/api/./uploads/<id>` too: a file named that
  // way slipped past the image-only check (a CV in a cover image) and the upload sweep (attacker probe).
  it('refuse an address that reaches the API written another way, in file fields, links and rich text', async () => {
    const cv = await sentCv();
    const cvId = cv.split('/').pop()!;
    const image = await storedImage(t.db);
    const imageId = image.split('/').pop()!;
    const DISGUISED = 'The file address leads to the API in a roundabout way (an escaped letter, a dot segment, a doubled slash or a backslash): write it as the address it reaches, such as /api/uploads/<id>';
    const disguises = [`/%61pi/uploads/${cvId}`, `/api/./uploads/${cvId}`, `/api/uploads/../uploads/${imageId}`, `/api//uploads/${imageId}`, `//api/uploads/${imageId}`, `\\api\\uploads\\${imageId}`, `/api/%75ploads/${imageId}`];
    for (const src of disguises) {
      const refused = await api.post('/api/projects', project({ cover_image: { src } }));
      expect([refused.statusCode, refused.json()], src).toEqual([400, refusal({ 'cover_image.src': DISGUISED })]);
    }
    const gallery = await api.post('/api/projects', project({ gallery: [{ src: image }, { src: `/%61pi/uploads/${imageId}` }] }));
    expect([gallery.statusCode, gallery.json()]).toEqual([400, refusal({ 'gallery.1.src': DISGUISED })]);
    for (const html of [`<p><img src="/%61pi/uploads/${imageId}" alt="" /></p>`, `<p><a href="/api/./uploads/${cvId}">CV</a></p>`, `<p><img alt=" src=" src="/%61pi/uploads/${imageId}" /></p>`]) {
      const post = await api.post('/api/blogs', { title: 'Disguised', content: html });
      expect([post.statusCode, post.json()], html).toEqual([
        400,
        refusal({ content: 'Content: a link or image leads to the API in a roundabout way (an escaped letter, a dot segment, a doubled slash or a backslash): write it as the address it reaches, such as /api/uploads/<id>' }),
      ]);
    }
    // Written as it is read, the same file is checked as usual: the CV is refused, the image taken.
    const direct = await api.post('/api/projects', project({ cover_image: { src: `/api/uploads/${cvId}` } }));
    expect([direct.statusCode, direct.json()]).toEqual([400, refusal({ 'cover_image.src': PRIVATE_UPLOAD })]);
    const plain = await api.post('/api/blogs', { title: 'Plain', content: `<p><img src="/api/uploads/${imageId}" alt="" /></p>` });
    expect(plain.statusCode, plain.body).toBe(201);
  });

  // An outside probe published a CV's address on the website: as a file field's full address, and in rich text.
  it('refuse a private document named any other way: a full address, rich text images and links, a link field', async () => {
    const cv = await sentCv();
    const image = await storedImage(t.db);
    const NAMED = 'This names a private document (an uploaded CV or other file): only uploaded images can be shown or linked here';
    const full = await api.post('/api/projects', project({ cover_image: { src: `http://localhost:80${cv}` }, gallery: [{ src: image }, { src: `https://cms.example.com${cv}` }] }));
    expect([full.statusCode, full.json()]).toEqual([400, refusal({ cover_image: NAMED, gallery: NAMED })]);
    for (const html of [`<p><img src="${cv}" alt="" /></p>`, `<p><a href="${cv}">CV</a></p>`, `<p><img src="https://cms.example.com${cv}" alt="" /></p>`]) {
      const post = await api.post('/api/blogs', { title: 'Leaky', content: html });
      expect([post.statusCode, post.json()], html).toEqual([400, refusal({ content: NAMED })]);
    }
    const banner = await api.post('/api/banners', { title: 'Leaky banner', placement: 'homepage_top', link: cv });
    expect([banner.statusCode, banner.json()]).toEqual([400, refusal({ link: NAMED })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/blogs' })).body).not.toContain(cv.split('/').pop()!);
    // An image, and an id this server does not hold (another site's), are taken the same ways.
    const fine = await api.post('/api/blogs', {
      title: 'Fine',
      content: `<p><img src="${image}" alt="" /><a href="https://elsewhere.example/api/uploads/${'ab'.repeat(16)}">theirs</a></p>`,
      cover_image: { src: `http://localhost:80${image}` },
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it("refuse a type or a size that is not the upload's own, and send the website the stored ones", async () => {
    const image = await storedImage(t.db);
    const wrongType = await api.post('/api/projects', project({ title: 'Typed Proj', cover_image: { src: image, mime: 'text/html' } }));
    expect([wrongType.statusCode, wrongType.json()]).toEqual([
      400,
      refusal({ 'cover_image.mime': 'The type of this upload is image/png: send it as the upload answered it, or leave it out' }),
    ]);
    const wrongSize = await api.post('/api/projects', project({ title: 'Typed Proj', gallery: [{ src: image, mime: 'image/png', size: PNG.length }, { src: image, size: 123_456_789 }] }));
    expect([wrongSize.statusCode, wrongSize.json()]).toEqual([
      400,
      refusal({ 'gallery.1.size': `The size of this upload is ${PNG.length}: send it as the upload answered it, or leave it out` }),
    ]);
    const right = await api.post('/api/projects', project({ title: 'Typed Proj', cover_image: { src: image, mime: 'image/png', size: PNG.length } }));
    expect(right.statusCode, right.body).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: '/api/public/projects/typed-proj' });
    expect(shown.json()).toMatchObject({ cover_image: { mime: 'image/png', size: PNG.length } });
    // Changing only the type of a file already there is checked too.
    const { id } = right.json<{ id: number }>();
    const retyped = await api.put(`/api/projects/${id}`, { cover_image: { src: image, mime: 'image/gif', size: PNG.length } });
    expect([retyped.statusCode, retyped.json()]).toEqual([
      400,
      refusal({ 'cover_image.mime': 'The type of this upload is image/png: send it as the upload answered it, or leave it out' }),
    ]);
  });

  it('keep a record readable and savable when its file was deleted since, and refuse only a new missing one', async () => {
    const image = await storedImage(t.db);
    const created = await api.post('/api/projects', project({ title: 'Kept Proj', cover_image: { src: image }, gallery: [{ src: image }] }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await t.db.deleteFrom('uploads').where('id', '=', image.split('/').pop()!).execute();
    expect((await api.get(`/api/projects/${id}`)).json()).toMatchObject({ cover_image: { src: image } });
    expect((await t.app.inject({ method: 'GET', url: '/api/public/projects/kept-proj' })).statusCode).toBe(200);
    const saved = await api.put(`/api/projects/${id}`, { location: 'Leeds', gallery: [{ src: image }, { src: await storedImage(t.db) }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const added = await api.put(`/api/projects/${id}`, { gallery: [{ src: image }, { src: `/api/uploads/${'0'.repeat(28)}dead` }] });
    expect([added.statusCode, added.json()]).toEqual([400, refusal({ 'gallery.1.src': NO_UPLOAD })]);
  });
});
