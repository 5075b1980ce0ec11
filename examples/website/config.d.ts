// /config.js does not exist on disk: server.mjs writes it from CORNERSTONE_API_URL. This is its shape, for tsc.
export declare const config: Readonly<{ apiUrl: string }>;
