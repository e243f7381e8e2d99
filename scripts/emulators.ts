/**
 * `npm run emulators`: the repository's offline emulators (emulators/src/cli.ts) with the shop's additions to
 * their console (console-extensions.ts): the links to the shop and its dashboard, and the admin role.
 */
import { runEmulators } from '../emulators/src/cli.js';
import { shopConsoleExtensions } from './stack/console-extensions.js';

await runEmulators(shopConsoleExtensions);
