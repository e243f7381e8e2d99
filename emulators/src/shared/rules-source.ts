/**
 * The ruleset an emulator enforces right now: loaded from the file firebase.json names, reloaded when that
 * file changes on disk, or replaced through the emulator REST API. A file that does not compile is reported
 * (file:line:column: expected …) and every request is denied until it is fixed — never a crash.
 */
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { compileRules, denyAllRuleset, RulesSyntaxError } from '../rules/index.js';
import type { RulesService, RulesSyntaxIssue, Ruleset } from '../rules/types.js';

export class RulesSource {
  private ruleset: Ruleset | null = null;
  private source: { file: string; text: string } | null = null;
  private watcher: FSWatcher | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly service: RulesService,
    private readonly log: (line: string) => void = () => {},
    /** Consulted until rules are installed (from a file or the emulator API): tests' rulesets in code. */
    private readonly fallback: () => Ruleset | null = () => null,
  ) {}

  /** The current ruleset; null means no rules were ever configured (allow all, like the official emulator). */
  readonly current = (): Ruleset | null => this.ruleset ?? this.fallback();

  /** The rules text last installed (valid or not) and its file name, for the console; null if none. */
  readonly text = (): { file: string; text: string } | null => this.source;

  /** Compiles and installs rules text. Returns the syntax issues (and installs deny-all) when it does not compile. */
  setSource(source: string, fileName: string): RulesSyntaxIssue[] {
    this.source = { file: fileName, text: source };
    try {
      const compiled = compileRules(source, fileName);
      if (compiled.service !== this.service) {
        const issue = {
          file: fileName,
          line: 1,
          column: 1,
          message: `expected service ${this.service}, found ${compiled.service}`,
        };
        this.installBroken([issue]);
        return [issue];
      }
      this.ruleset = compiled;
      this.log(`${this.service}: rules loaded from ${fileName}`);
      return [];
    } catch (error) {
      if (!(error instanceof RulesSyntaxError)) throw error;
      this.installBroken(error.issues);
      return error.issues;
    }
  }

  /** Loads a rules file and keeps following it on disk. */
  watchFile(path: string): void {
    this.loadFile(path);
    this.watcher?.close();
    // Watch the folder, not the file: editors replace files, which ends a file watch.
    this.watcher = watch(dirname(path), (_event, changed) => {
      if (changed !== null && changed !== basename(path)) return;
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => this.loadFile(path), 50);
    });
    this.watcher.unref();
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
  }

  private loadFile(path: string): void {
    if (!existsSync(path)) {
      this.installBroken([{ file: path, line: 0, column: 0, message: 'rules file not found' }]);
      return;
    }
    this.setSource(readFileSync(path, 'utf8'), path);
  }

  private installBroken(issues: RulesSyntaxIssue[]): void {
    const text = issues.map((i) => `${i.file}:${i.line}:${i.column}: ${i.message}`).join('; ');
    this.ruleset = denyAllRuleset(this.service, `the rules do not compile (${text})`);
    this.log(`${this.service}: rules error — every request is denied until fixed: ${text}`);
  }
}
