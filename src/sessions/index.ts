// The signed-in user's sessions page (issue #9): its address, and its screen, which loads on first use or while the
// console is idle (issue #10: the user menu leads to it, the console's first screen does not show it).
import { lazyView } from '../resources/lazyViews';

export { SESSIONS_PATH, SESSIONS_TITLE } from './names';

export const SessionsScreen = lazyView(() => import('./SessionsPage').then((page) => page.SessionsPage), 'SessionsPage');
