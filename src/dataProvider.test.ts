import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDIT_CONFLICT_MESSAGE } from '../schema/conflicts';
import { fakeApi } from './components/sortableListTesting';
import { DELETE_CONFLICT_ADVICE, GONE_ON_SAVE, dataProvider } from './dataProvider';

afterEach(() => vi.unstubAllGlobals());

const rows = () => [{ id: 1, title: 'Safety First', position: 1, version: 2 }];

describe('dataProvider.delete', () => {
  it('names the version the page showed; a record changed since is not deleted, and the notice says what to do', async () => {
    localStorage.setItem('access_token', 'tok');
    const api = fakeApi({ features: rows() }, { conflictsBy: { id: 9, name: 'Sam Colleague' } });
    // The page showed version 1; a colleague has saved version 2 since.
    await expect(dataProvider.delete('features', { id: 1, previousData: { id: 1, version: 1 } })).rejects.toMatchObject({
      status: 409,
      message: `${EDIT_CONFLICT_MESSAGE} ${DELETE_CONFLICT_ADVICE}`,
    });
    expect(api.tables.features).toHaveLength(1);

    // Shown as it is now, it goes.
    await expect(dataProvider.delete('features', { id: 1, previousData: { id: 1, version: 2 } })).resolves.toMatchObject({ data: { id: 1 } });
    expect(api.tables.features).toEqual([]);
  });
});

describe('dataProvider.update', () => {
  it('says a record deleted since the page opened is gone, and that the changes were not saved', async () => {
    localStorage.setItem('access_token', 'tok');
    fakeApi({ features: [] });
    await expect(dataProvider.update('features', { id: 1, data: { title: 'Mine' }, previousData: { id: 1, version: 1 } })).rejects.toMatchObject({
      status: 404,
      message: GONE_ON_SAVE,
    });
  });
});

describe('dataProvider.deleteMany', () => {
  it('names each row’s version: one changed since is kept and named, the others go', async () => {
    localStorage.setItem('access_token', 'tok');
    const api = fakeApi(
      { features: [{ id: 1, title: 'Changed since', position: 1, version: 2 }, { id: 2, title: 'As shown', position: 2, version: 1 }, { id: 3, title: 'Other page', position: 3, version: 4 }] },
      { conflictsBy: { id: 9, name: 'Sam Colleague' } },
    );
    // The list showed rows 1 and 2 at version 1; row 3 was selected on another page (no version known).
    await expect(dataProvider.deleteMany('features', { ids: [1, 2, 3], meta: { versions: { 1: 1, 2: 1 } } })).rejects.toMatchObject({
      status: 409,
      message: '1 of 3 were not deleted: someone changed them since the list was loaded (the other 2 were deleted). Reload the list to see the changes, then delete them if you still want to.',
    });
    expect(api.tables.features!.map((row) => row.title)).toEqual(['Changed since']);
  });

  it('deletes them all when none changed', async () => {
    localStorage.setItem('access_token', 'tok');
    const api = fakeApi({ features: [{ id: 1, title: 'A', position: 1, version: 1 }, { id: 2, title: 'B', position: 2, version: 1 }] }, { conflictsBy: { id: 9, name: 'Sam' } });
    await expect(dataProvider.deleteMany('features', { ids: [1, 2], meta: { versions: { 1: 1, 2: 1 } } })).resolves.toEqual({ data: [1, 2] });
    expect(api.tables.features).toEqual([]);
  });
});

describe('dataProvider.getList past the count cap', () => {
  // The API stops counting at LIST_COUNT_CAP and answers `Content-Range: blogs <range>/*`.
  const answer = (rowsOnPage: number, from: number) =>
    vi.fn(async () => new Response(JSON.stringify(Array.from({ length: rowsOnPage }, (_, n) => ({ id: from + n + 1 }))), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Content-Range': `blogs ${from}-${from + rowsOnPage - 1}/*` },
    }));
  const list = (page: number) => dataProvider.getList('blogs', { pagination: { page, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });

  it('counts one past the cap on the first pages, and one past a full page beyond it, so the pager goes on', async () => {
    localStorage.setItem('access_token', 'tok');
    vi.stubGlobal('fetch', answer(25, 0));
    expect((await list(1)).total).toBe(10_001);
    // Page 401 (rows 10,001-10,025) and page 790: the next page is offered.
    vi.stubGlobal('fetch', answer(25, 10_000));
    expect((await list(401)).total).toBe(10_026);
    vi.stubGlobal('fetch', answer(25, 19_725));
    expect((await list(790)).total).toBe(19_751);
    // A last page not full: that is where it ends.
    vi.stubGlobal('fetch', answer(3, 20_000));
    expect((await list(801)).total).toBe(20_003);
  });
});
