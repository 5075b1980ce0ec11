// Issue #10's API figures: each request under autocannon (20 connections), on the seeded database, beside its budget;
// then each request kind one at a time, for the longest hold of the event loop by one request (measureHolds).
// The same catalogue runs against Cornerstone (admin API, signed in) and, where a request has an equivalent, json-server.
import autocannon from 'autocannon';
import { sleep } from './bench-server.mjs';

export const CONNECTIONS = 20;

// Issue #10, Budgets: "API on 100,000 records per large area, 20 connections".
export const BUDGETS = {
  list: { minRps: 1000, maxP99: 30, text: '≥ 1,000/s, p99 < 30 ms' },
  search: { minRps: 300, maxP99: 100, text: '≥ 300/s, p99 < 100 ms' },
  get: { minRps: 3000, text: '≥ 3,000/s' },
  write: { minRps: 1000, text: '≥ 1,000/s, durable' },
};

// Common words of the seeded text (scripts/bench-seed.mjs), folded and not; and the most used tags.
const SEARCH_WORDS = ['concrete', 'foundation', 'steel', 'timber', 'roof', 'window', 'facade', 'façade', 'brick', 'solar', 'energy', 'kitchen', 'garden', 'office', 'bridge', 'zurich', 'Zürich', 'cafe', 'résumé', 'insulation'];
const TWO_WORDS = ['concrete foundation', 'steel beam', 'timber frame', 'solar panel', 'roof insulation', 'kitchen garden', 'facade window', 'café terrace'];
const TAGS = ['news', 'safety', 'design', 'sustainability', 'projects', 'careers', 'events', 'awards', 'café-culture'];
const PROJECT_WORDS = ['zurich', 'montréal', 'sao paulo', 'holdings', 'krakow', 'estates', 'group'];
const INBOX_WORDS = ['concrete', 'webb', 'muller', 'sofia', 'example.com', 'timber frame'];

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const json = (value) => encodeURIComponent(JSON.stringify(value));
// The console's own list request: its content lists (posts, projects) ask for their rows without the rich text
// (projection=list, src/components/ContentList.tsx); the inbox has none to leave out.
const PROJECTED = new Set(['blogs', 'projects']);
const listPath = (area, { sort, start = 0, filter } = {}) =>
  `/api/${area}?${sort ? `sort=${json(sort)}&` : ''}range=${json([start, start + 24])}${filter ? `&filter=${json(filter)}` : ''}` +
  (PROJECTED.has(area) ? '&projection=list' : '');

let written = 0;
const paragraph = `<p>${'A post written under load, with <strong>bold</strong> and <em>italic</em> words. '.repeat(24)}</p>`;

/**
 * The requests of the table, in its order. `path` / `method` / `body` make one request (called per request: random
 * ids and words); `json` is json-server's equivalent (10,000 posts, `N` records), absent when it has none;
 * `postgres` marks the list figures also measured on PostgreSQL.
 */
export function catalogue({ total, ids }) {
  // `ids.blogs`: the [first, last] id ranges the seeding wrote (one per seeding: 10,000, then 90,000 more).
  const ranges = ids.blogs;
  const count = ranges.reduce((sum, [first, last]) => sum + last - first + 1, 0);
  const blogId = () => {
    let n = Math.floor(Math.random() * count);
    for (const [first, last] of ranges) {
      if (n <= last - first) return first + n;
      n -= last - first + 1;
    }
    return ranges[0][0];
  };
  const deep = Math.floor(total / 2);
  const sort = ['published_at', 'DESC'];
  const jsonSorted = '_sort=published_at&_order=desc';
  return [
    {
      key: 'sorted', label: 'blogs: sorted list, first page', budget: 'list', postgres: true,
      make: () => ({ path: listPath('blogs', { sort }) }),
      json: () => ({ path: `/posts?${jsonSorted}&_page=1&_limit=25` }),
    },
    {
      key: 'deep', label: `blogs: sorted list, deep page (rows ${deep}–${deep + 24})`, budget: 'list', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, start: deep }) }),
      json: () => ({ path: `/posts?${jsonSorted}&_start=${deep}&_limit=25` }),
    },
    {
      // A page anywhere in the list, a different one each time: no kept page answers it (the deep page above is the
      // same page again and again, read by its kept ids after the first time).
      key: 'deep-random', label: 'blogs: sorted list, a random page, never reused', budget: 'list', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, start: Math.floor(Math.random() * (total - 25)) }) }),
      json: () => ({ path: `/posts?${jsonSorted}&_start=${Math.floor(Math.random() * (total - 25))}&_limit=25` }),
    },
    {
      key: 'filtered', label: 'blogs: filtered list (status = published)', budget: 'list', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, filter: { status: 'published' } }) }),
      json: () => ({ path: `/posts?status=published&${jsonSorted}&_page=1&_limit=25` }),
    },
    {
      key: 'q1', label: 'blogs: text search q, one word', budget: 'search', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, filter: { q: pick(SEARCH_WORDS) } }) }),
      json: () => ({ path: `/posts?q=${encodeURIComponent(pick(SEARCH_WORDS))}&${jsonSorted}&_page=1&_limit=25` }),
    },
    {
      key: 'q2', label: 'blogs: text search q, two words', budget: 'search', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, filter: { q: pick(TWO_WORDS) } }) }),
    },
    {
      key: 'tag', label: 'blogs: tag filter', budget: 'search', postgres: true,
      make: () => ({ path: listPath('blogs', { sort, filter: { tags: pick(TAGS) } }) }),
      json: () => ({ path: `/posts?tags_like=${encodeURIComponent(pick(TAGS))}&${jsonSorted}&_page=1&_limit=25` }),
    },
    {
      key: 'projects', label: 'projects: sorted list, first page', budget: 'list', postgres: true,
      make: () => ({ path: listPath('projects') }),
    },
    {
      key: 'projects-q', label: 'projects: text search q', budget: 'search',
      make: () => ({ path: listPath('projects', { filter: { q: pick(PROJECT_WORDS) } }) }),
    },
    {
      key: 'inbox', label: 'contact-us-form: inbox, first page', budget: 'list', postgres: true,
      make: () => ({ path: listPath('contact-us-form') }),
    },
    {
      key: 'inbox-q', label: 'contact-us-form: text search q', budget: 'search',
      make: () => ({ path: listPath('contact-us-form', { filter: { q: pick(INBOX_WORDS) } }) }),
    },
    {
      key: 'get', label: 'blogs: get by id', budget: 'get',
      make: () => ({ path: `/api/blogs/${blogId()}` }),
      json: () => ({ path: `/posts/${1 + Math.floor(Math.random() * 10_000)}` }),
    },
    {
      key: 'create', label: 'blogs: create (2 KB of HTML)', budget: 'write',
      make: () => {
        const n = (written += 1);
        const body = { title: `Written under load ${n} ${Date.now()}`, excerpt: 'Bench', content: paragraph, tags: ['bench', pick(TAGS)], status: 'draft' };
        return { method: 'POST', path: '/api/blogs', body: JSON.stringify(body) };
      },
      json: () => {
        const n = (written += 1);
        const body = { title: `Written under load ${n}`, excerpt: 'Bench', content: paragraph, tags: ['bench'], status: 'draft' };
        return { method: 'POST', path: '/posts', body: JSON.stringify(body) };
      },
    },
    {
      key: 'update', label: 'blogs: update (one field)', budget: 'write',
      make: () => ({ method: 'PUT', path: `/api/blogs/${blogId()}`, body: JSON.stringify({ excerpt: `Updated under load ${(written += 1)}` }) }),
      json: () => ({ method: 'PATCH', path: `/posts/${1 + Math.floor(Math.random() * 10_000)}`, body: JSON.stringify({ excerpt: `Updated under load ${(written += 1)}` }) }),
    },
  ];
}

/**
 * Requests measured only for their hold on the event loop (issue #10's "no request ever holds the event loop for more
 * than 50 ms"), beside the catalogue's: the website's list of posts (no sign-in), a different page each time so its
 * one-second answer cache does not answer for the database.
 */
export const WEBSITE_HOLDS = [
  {
    key: 'website-list', label: "website: list of posts, page <1–800> (/api/public/blogs)", public: true,
    make: () => ({ path: `/api/public/blogs?page=${1 + Math.floor(Math.random() * 800)}` }),
  },
];

/**
 * The longest hold of the event loop by one request, per request kind: `entries`' requests sent one at a time (one
 * connection, each sent when the previous answer is read), `requests` of them or for `seconds`, whichever ends first,
 * between two phase closes of the server (SIGUSR2, server/start.ts). With one request in flight, the loop's longest
 * delay in a phase is the longest synchronous stretch one request (or a garbage collection it caused) kept it busy,
 * not the queue of a crowd. Answers { [key]: { maxMs, requests, failed } }.
 */
export async function measureHolds(server, entries, { headers, requests, seconds, log = console.log }) {
  const holds = {};
  await server.closePhase(); // what ran before is nobody's single request
  for (const entry of entries) {
    let sent = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    while (sent < requests && performance.now() < until) {
      const { method = 'GET', path, body } = entry.make();
      const response = await fetch(`${server.baseUrl}${path}`, { method, body, headers: entry.public ? {} : headers });
      await response.arrayBuffer();
      if (!response.ok) failed += 1;
      sent += 1;
    }
    // The longest gap only: a phase holds about 100 gaps a second, most of them idle, so their p99 says little more.
    const { maxMs } = await server.closePhase();
    holds[entry.key] = { maxMs, requests: sent, failed };
    log(`  ${entry.label}: longest hold ${maxMs} ms over ${sent} requests${failed ? `, ${failed} failed` : ''}`);
  }
  return holds;
}

/**
 * One request kind under load. Fresh headers and no body unless set: autocannon writes Content-Length into the
 * headers it is given and would send it again with a body-less request, which then waits for a body that never comes.
 */
export async function load(baseUrl, make, { headers = {}, duration }) {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', headers: { ...headers }, body: undefined, ...make() }) }],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} ×${count}`);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
  };
}

/** "812/s p99 54 ms", flagged when over its budget or when answers failed. */
export function cell(figure, budgetName) {
  if (!figure) return '–';
  const budget = BUDGETS[budgetName];
  const over = figure.rps < budget.minRps || (budget.maxP99 !== undefined && figure.p99 >= budget.maxP99);
  const failed = figure.failed > 0 ? ` (${figure.failed} failed)` : '';
  return `${figure.rps}/s p99 ${figure.p99} ms${failed}${over || failed ? ' OVER' : ''}`;
}

export const isOver = (figure, budgetName) => {
  if (!figure) return false;
  const budget = BUDGETS[budgetName];
  return figure.failed > 0 || figure.rps < budget.minRps || (budget.maxP99 !== undefined && figure.p99 >= budget.maxP99);
};

/**
 * Runs `entries` against a server and answers { [key]: figure }. With `eventLoop`, each figure also gets the longest
 * event-loop delay seen by then (server/start.ts writes it every second), so a jump names the request that caused it.
 * `warmup`: seconds of the same load sent first and not counted (docs/performance.md, thirty-fourth pass: a server
 * just started answered its first seconds of creates at 660-900/s, then 1,250/s, while V8 compiled the write path on
 * the same two CPUs); its failures still count, in the figure that follows.
 */
export async function measure(baseUrl, entries, { headers, duration, warmup = 0, pick: choose = (entry) => entry.make, eventLoop, serverOutput, log = console.log }) {
  const figures = {};
  for (const entry of entries) {
    const make = choose(entry);
    if (!make) continue;
    const warm = warmup > 0 ? await load(baseUrl, make, { headers, duration: warmup }) : undefined;
    if (warm) await sleep(500);
    const figure = await load(baseUrl, make, { headers, duration });
    if (warm?.failed) {
      figure.failed += warm.failed;
      figure.statuses = [...new Set([...warm.statuses, ...figure.statuses])];
    }
    if (eventLoop) {
      await sleep(1100);
      figure.loopMaxMs = eventLoop()?.maxMs;
    }
    figures[entry.key] = figure;
    // A 5xx under load: the server's last logged error says why.
    const fiveXx = figure.statuses.some((status) => status.startsWith('5'));
    const lastError = fiveXx ? serverOutput?.().trim().split('\n').reverse().find((line) => /error/i.test(line)) : undefined;
    if (lastError) log(`  the server's last error: ${lastError.slice(0, 600)}`);
    log(`  ${entry.label}: ${figure.rps}/s, p99 ${figure.p99} ms${figure.failed ? `, ${figure.failed} failed (${figure.statuses.join(', ') || 'connection errors or timeouts'})` : ''}${figure.loopMaxMs !== undefined ? `, event loop max so far ${figure.loopMaxMs} ms` : ''}`);
  }
  return figures;
}
