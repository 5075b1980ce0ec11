// Names the console and the API both use, outside record shapes. No imports: the sign-in page loads this.

// SPEC §7: the console copies this cookie into this header on requests that change something (docs/api.md).
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

// A singleton area's one record: GET and PUT /api/<name>/1.
export const SINGLETON_ID = 1;
