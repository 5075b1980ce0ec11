// The bench's database (issue #10): blog posts, projects and contact-form messages written straight into a
// throwaway database before the server starts, in multi-row inserts: 100,000 of each in seconds, where the API
// would take minutes. It runs under tsx (`node --import tsx scripts/bench-seed.mjs '<json>'`) so that it stores
// records exactly as the server would: the same migrations, the same area models, a sample of every area's
// documents checked against its schema, the search and tag side tables from the server's indexEntry. The side
// tables are filled in bulk when their columns are the ones sideTableLayout knows, else by the server's own
// rebuildAreaIndex. Only the row layout of `records` is fixed here; when it changes, change insertBatch.
// Also writes json-server's db.json from the same posts (`jsonServerFile`).
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { areas } from '../schema/areas/index.ts';
import { slugify } from '../schema/slug.ts';
import { buildAreaModels } from '../server/areas/model.ts';
import { evolveAreas } from '../server/areas/evolve.ts';
import { indexEntry } from '../server/areas/search-index.ts';
import { createDb, migrate, unhurried } from '../server/db/index.ts';
import { rebuildAreaIndex } from '../server/repositories/record-index.ts';

const BATCH = 400;

// Words a construction company writes about, some of them accented (search folds accents: "facade" finds "façade").
const WORDS = (
  'concrete foundation steel beam timber frame roof insulation window facade brick mortar plaster drywall tile ' +
  'floor stair elevator crane scaffold excavation drainage plumbing wiring heating ventilation solar panel ' +
  'energy efficient sustainable green retrofit renovation extension loft kitchen bathroom garden terrace balcony ' +
  'courtyard office tower warehouse factory bridge tunnel road school hospital library museum hotel apartment ' +
  'villa cottage townhouse residence campus pavilion atrium lobby basement garage parking safety inspection permit ' +
  'budget schedule contractor architect engineer surveyor planner client tenant owner crew site handover ' +
  'milestone design survey estimate tender contract warranty maintenance repair upgrade modern classic rustic ' +
  'industrial urban coastal mountain riverside downtown suburban historic heritage restored landmark award ' +
  'winning quiet bright spacious compact durable precast modular prefab glazing cladding membrane waterproof ' +
  'acoustic thermal seismic structural geotechnical landscaping paving fencing lighting smart automation ' +
  'résumé café façade crème brûlée naïve déjà vu fiancé entrée rosé soirée Zürich München Malmö Kraków São Paulo ' +
  'Québec Montréal Genève Ålesund Düsseldorf Córdoba Málaga Reykjavík señor año jalapeño piñata'
).split(' ');
const TAGS = [
  'news', 'safety', 'design', 'sustainability', 'projects', 'careers', 'events', 'awards', 'residential',
  'commercial', 'industrial', 'infrastructure', 'renovation', 'interior', 'energy', 'community', 'technology',
  'materials', 'planning', 'permits', 'heritage', 'landscaping', 'concrete', 'timber', 'steel', 'glass',
  'team', 'clients', 'case-study', 'how-to', 'maintenance', 'budget', 'schedule', 'quality', 'innovation',
  'café-culture', 'façades', 'régions', 'über-uns', 'año-nuevo',
];
const PEOPLE = ['Marcus Webb', 'Aline Dubois', 'Jörg Müller', 'Sofía Núñez', 'Priya Raman', 'Tomás Ferreira', 'Chen Wei', 'Zoë Clarke'];
const CITIES = ['Zürich', 'Montréal', 'São Paulo', 'Kraków', 'Lisbon', 'Dublin', 'Málaga', 'Oslo', 'Austin', 'Nairobi', 'Osaka', 'Perth'];
const CATEGORIES = ['residential', 'commercial', 'industrial', 'infrastructure', 'renovation', 'interior'];
const PROJECT_STATUSES = ['planned', 'ongoing', 'completed'];

/** A small deterministic generator (mulberry32), so every run seeds the same records. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed) {
  const next = random(seed);
  const int = (n) => Math.floor(next() * n);
  const pick = (items) => items[int(items.length)];
  // Some words much more often than others, as in real text.
  const word = () => WORDS[Math.floor(WORDS.length * next() ** 1.6)];
  const words = (count) => Array.from({ length: count }, word).join(' ');
  const sentence = () => {
    const text = words(8 + int(10));
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const title = () => {
    const text = words(3 + int(6));
    return `${text[0].toUpperCase()}${text.slice(1)}`;
  };
  const tags = () => {
    const chosen = new Set();
    const count = 1 + int(4);
    while (chosen.size < count) chosen.add(TAGS[Math.floor(TAGS.length * next() ** 2)]);
    return [...chosen];
  };
  // About 2 KB of the HTML the rich-text editor writes, from a pool of paragraphs (generating every word of 300,000
  // bodies would take longer than storing them).
  const paragraphs = Array.from({ length: 4000 }, (_, i) =>
    i % 4 === 1 ? `<h2>${title()}</h2>` : `<p>${sentence()} <strong>${words(2)}</strong> ${sentence()} <em>${words(3)}</em> ${sentence()}</p>`,
  );
  const html = () => {
    let text = '';
    while (text.length < 2000) text += pick(paragraphs);
    return text;
  };
  return { next, int, pick, words, sentence, title, tags, html };
}

const DAY = 86_400_000;
const START = Date.UTC(2019, 0, 1);

function blog(g, n, total) {
  const title = `${g.title()} ${n + 1}`;
  // Mostly published, some scheduled ahead, a few drafts; publish dates spread over the years before now.
  const roll = g.next();
  const publishedAt = new Date(START + Math.floor(((Date.now() - START) * n) / total) + (roll < 0.05 ? 400 * DAY : 0));
  return {
    title,
    slug: slugify(title),
    excerpt: g.sentence(),
    content: g.html(),
    cover_image: null,
    tags: g.tags(),
    status: roll < 0.1 ? 'draft' : 'published',
    published_at: publishedAt.toISOString(),
    author: g.pick(PEOPLE),
  };
}

function project(g, n, total) {
  const title = `${g.title()} ${n + 1}`;
  return {
    title,
    slug: slugify(title),
    category: g.pick(CATEGORIES),
    location: g.pick(CITIES),
    client: `${g.pick(PEOPLE)} ${g.pick(['Holdings', 'Group', 'Estates', 'Partners', 'AG', 'S.A.'])}`,
    year: 1990 + g.int(36),
    status: g.pick(PROJECT_STATUSES),
    area_sqm: 50 + g.int(50_000),
    description: g.html(),
    cover_image: null,
    gallery: [],
    featured: g.next() < 0.05,
    publication: g.next() < 0.9 ? 'published' : 'draft',
    published_at: new Date(START + Math.floor(((Date.now() - START) * n) / total)).toISOString(),
  };
}

function message(g, n) {
  const name = g.pick(PEOPLE);
  const status = g.next();
  return {
    full_name: name,
    email: `${slugify(name)}.${n}@example.com`,
    phone: `+41 44 ${String(100_0000 + n).slice(-7)}`,
    subject: g.title(),
    message: Array.from({ length: 3 + g.int(4) }, g.sentence).join(' '),
    status: status < 0.6 ? 'new' : status < 0.8 ? 'in_progress' : 'closed',
    read: status >= 0.6,
  };
}

export const BENCH_AREAS = { blogs: blog, projects: project, 'contact-us-form': message };

/** The documents of one area, generated the same way every time. */
export function* documents(area, total, seed = 1) {
  const g = generator(seed);
  const make = BENCH_AREAS[area];
  for (let n = 0; n < total; n += 1) yield make(g, n, total);
}

async function insertBatch(db, model, batch, sideTables) {
  const rows = batch.map(({ data, at }) => ({
    area: model.name,
    data: JSON.stringify(data),
    position: null,
    created_at: at,
    updated_at: at,
    version: 1,
    updated_by: null,
  }));
  const ids = (await db.insertInto('records').values(rows).returning('id').execute()).map((row) => Number(row.id));
  if (!sideTables) return ids;
  const search = [];
  const values = [];
  batch.forEach(({ data }, i) => {
    const entry = indexEntry(model, data);
    const known = { id: ids[i], area: model.name, body: entry.body };
    if (entry.body !== null) search.push(sql`(${sql.join(sideTables.search.map((column) => known[column.value]))})`);
    for (const { field, value } of entry.values) {
      const row = { ...known, field, value };
      values.push(sql`(${sql.join(sideTables.values.map((column) => row[column.value]))})`);
    }
  });
  const columns = (list) => sql.join(list.map((column) => sql.raw(column.name)));
  if (search.length > 0) await sql`insert into record_search (${columns(sideTables.search)}) values ${sql.join(search)}`.execute(db);
  for (let start = 0; start < values.length; start += 1000) {
    await sql`insert into record_values (${columns(sideTables.values)}) values ${sql.join(values.slice(start, start + 1000))}`.execute(db);
  }
  return ids;
}

/**
 * The columns of the search and tag side tables, when each is one this seeder knows how to fill in bulk (the record's
 * id, its area, the folded text, the field and the value); undefined otherwise, and the server's own
 * rebuildAreaIndex writes them instead, record by record (slower, but always in step).
 */
async function sideTableLayout(db, postgres) {
  const columnsOf = async (table) => {
    if (postgres) {
      const result = await sql`select column_name as name from information_schema.columns where table_name = ${table} and table_schema = current_schema() and is_generated = 'NEVER' and column_default is null order by ordinal_position`.execute(db);
      return result.rows.map((row) => row.name);
    }
    const result = await sql`select name from pragma_table_info(${table})`.execute(db);
    const names = result.rows.map((row) => row.name);
    // An FTS5 table keyed by the record's id as its rowid.
    return names.includes('record_id') ? names : ['rowid', ...names];
  };
  const map = { rowid: 'id', record_id: 'id', area: 'area', body: 'body', field: 'field', value: 'value' };
  const layout = async (table) => {
    const names = await columnsOf(table);
    if (names.some((name) => !(name in map))) return undefined;
    return names.map((name) => ({ name, value: map[name] }));
  };
  const search = await layout('record_search');
  const values = await layout('record_values');
  return search && values ? { search, values } : undefined;
}

/**
 * Fills a database with `counts` records per area, created over the last years, oldest first; `from` (same keys)
 * skips the first ones, to grow a database seeded before (10,000 → 100,000). Answers the time taken and the ids
 * written, per area.
 */
export async function seed({ dataDir, databaseUrl, counts, from = {}, jsonServerFile }) {
  // Batches of writes, a re-index and an ANALYZE of 100,000 records: none of a request's statement timeouts.
  const served = createDb({ dataDir, databaseUrl });
  const db = unhurried(served);
  const postgres = Boolean(databaseUrl);
  const timings = {};
  const ids = {};
  try {
    // A throwaway database: no need to wait for the disk while filling it (the server opens it as it always does).
    if (!postgres) await sql`pragma synchronous = off`.execute(db);
    if (!postgres) await sql`pragma cache_size = -262144`.execute(db);
    await migrate(db);
    const models = buildAreaModels(areas).filter((model) => model.name !== 'users-management');
    // On the empty database, so the server's start finds the declarations applied and checks no stored record.
    await evolveAreas(db, models);
    const sideTables = await sideTableLayout(db, postgres);
    if (!sideTables) console.error('bench-seed: unknown side-table columns; the server rebuilds them record by record (slower)');
    for (const [area, total] of Object.entries(counts)) {
      const started = performance.now();
      const model = models.find((candidate) => candidate.name === area);
      if (!model) throw new Error(`no area named ${area}`);
      const inbox = model.kind === 'inbox';
      let batch = [];
      const posts = [];
      const written = [];
      const first = from[area] ?? 0;
      let n = 0;
      for (const data of documents(area, total)) {
        if (n < first) {
          n += 1;
          continue;
        }
        // Every 500th document through the area's schema: what the API would store must be what is stored here.
        if (n % 500 === 0) {
          const { status, read, ...fields } = data;
          const parsed = model.schema.parse(inbox ? fields : data);
          const stored = inbox ? { ...parsed, status, read } : parsed;
          if (JSON.stringify(stored) !== JSON.stringify(data)) {
            throw new Error(`${area} record ${n} is not stored as the API would store it:\n${JSON.stringify(data)}\n${JSON.stringify(stored)}`);
          }
        }
        const at = new Date(START + Math.floor(((Date.now() - START) * n) / total)).toISOString();
        batch.push({ data, at });
        if (jsonServerFile && area === 'blogs') posts.push({ id: n + 1, ...data, created_at: at });
        n += 1;
        if (batch.length === BATCH) {
          written.push(...(await db.transaction().execute((trx) => insertBatch(trx, model, batch, sideTables))));
          batch = [];
        }
      }
      if (batch.length > 0) written.push(...(await db.transaction().execute((trx) => insertBatch(trx, model, batch, sideTables))));
      ids[area] = [written[0], written.at(-1)];
      // Side tables of a layout this file does not know: by the server's own code, record by record.
      if (!sideTables) await db.transaction().execute((trx) => rebuildAreaIndex(trx, area, (data) => indexEntry(model, data)));
      if (jsonServerFile && area === 'blogs') writeFileSync(jsonServerFile, JSON.stringify({ posts }));
      timings[area] = Math.round(performance.now() - started);
    }
    if (postgres) await sql`analyze`.execute(db);
    else await sql`pragma wal_checkpoint(truncate)`.execute(db);
  } finally {
    await served.destroy();
  }
  return { timings, ids };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = JSON.parse(process.argv[2]);
  process.stdout.write(`${JSON.stringify(await seed(options))}\n`);
}
