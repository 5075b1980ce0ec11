// The sessions page's address and title (issue #9), read by the shell's menu and by the page itself.
export const SESSIONS_PATH = '/sessions';
export const SESSIONS_TITLE = 'Active sessions';
