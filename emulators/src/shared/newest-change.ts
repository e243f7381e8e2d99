/**
 * When something below some paths last changed, for "build only when an input changed" (the console page here,
 * the shop's builds in its scripts): the newest modification time of files and of folders too, since a folder's
 * time changes when an entry is added, removed or renamed, so a deleted module counts as a change.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time below `paths` (absolute), leaving out what `skip` names (outputs, node_modules). */
export function newestChange(paths: readonly string[], skip: (path: string) => boolean): number {
  let newest = 0;
  const visit = (path: string) => {
    if (skip(path) || !existsSync(path)) return;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return newest;
}
