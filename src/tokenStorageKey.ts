// SPEC §9: where the console keeps its access token. Its own module, without import.meta.env, so that the build's
// configuration (vite.config.ts) can read it too: index.html looks for the token before the console's script arrives.
export const TOKEN_STORAGE_KEY = 'access_token';
