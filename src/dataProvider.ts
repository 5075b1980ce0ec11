import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { config } from './config';
import { httpClient } from './httpClient';

// ra-data-simple-rest speaks the dialect the reference API answers (Content-Range, sort/range/filter params).
export const dataProvider: DataProvider = simpleRestProvider(
  `${config.apiBase}api`,
  // ra-data-simple-rest expects fetchUtils.fetchJson's shape; ours matches it field for field.
  httpClient as Parameters<typeof simpleRestProvider>[1],
);
