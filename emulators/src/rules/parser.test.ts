/** Compiling rules files: what is accepted, and how syntax errors are reported. */
import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from './errors.js';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { allowAllRuleset, compileRules, denyAllRuleset } from './ruleset.js';
import { firestoreRequest, storageRequest } from '../testing/rules-requests.js';

function syntaxErrorOf(source: string): RulesSyntaxError {
  try {
    compileRules(source, 'firestore.rules');
  } catch (error) {
    if (error instanceof RulesSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a RulesSyntaxError');
}

describe('compileRules', () => {
  it('accepts comments, semicolon-less statements, multi-line conditions and both services', () => {
    const firestore = compileRules(
      `// Shop rules
rules_version = '2';
/* block comment */
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} {
      allow get
      allow list: if
        request.auth != null // inline comment
        && true
    }
  }
}`,
      'firestore.rules',
    );
    expect(firestore.service).toBe('cloud.firestore');
    expect(firestore.evaluate(firestoreRequest('a/1'), new InMemoryFirestore()).allowed).toBe(true);
    const storage = compileRules(`service firebase.storage { match /b/{bucket}/o { } }`, 'storage.rules');
    expect(storage.service).toBe('firebase.storage');
  });

  it('reports the file, line, column and what was expected', () => {
    const error = syntaxErrorOf(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    allow reed: if true;
  }
}`);
    expect(error.issues).toEqual([
      {
        file: 'firestore.rules',
        line: 4,
        column: 11,
        message: 'Unexpected "r"; expected method (read, write, get, list, create, update or delete)',
      },
    ]);
    expect(error.message).toBe(
      'firestore.rules:4:11: Unexpected "r"; expected method (read, write, get, list, create, update or delete)',
    );
    expect([error.file, error.line, error.column]).toEqual(['firestore.rules', 4, 11]);
  });

  it('reports an unfinished condition at the end of the input', () => {
    const error = syntaxErrorOf(`service cloud.firestore { match /a { allow read: if request.auth != `);
    expect(error.line).toBe(1);
    expect(error.issues[0].message).toMatch(/^Unexpected end of input; expected /);
  });

  it('rejects unknown services, bad versions, duplicate functions and two recursive wildcards', () => {
    expect(syntaxErrorOf(`service cloud.datastore { }`).issues[0].message).toContain(
      'Unknown service cloud.datastore',
    );
    expect(syntaxErrorOf(`rules_version = '3'; service cloud.firestore { }`).issues[0].message).toContain(
      "rules_version must be '1' or '2'",
    );
    expect(
      syntaxErrorOf(
        `service cloud.firestore { function f() { return true; } function f() { return false; } }`,
      ).issues[0].message,
    ).toContain('Function f() is declared twice');
    expect(
      syntaxErrorOf(`service cloud.firestore { match /{a=**}/x/{b=**} { } }`).issues[0].message,
    ).toContain('at most one {name=**}');
  });
});

describe('fallback rulesets', () => {
  it('allows everything for the configured service when there is no rules file', () => {
    const open = allowAllRuleset('cloud.firestore');
    expect(
      open.evaluate(firestoreRequest('anything/x', { method: 'delete' }), new InMemoryFirestore()),
    ).toEqual({
      allowed: true,
    });
    expect(open.evaluate(storageRequest('a.png'), new InMemoryFirestore()).allowed).toBe(false);
  });

  it('denies everything, with the reason, when the rules file did not compile', () => {
    const closed = denyAllRuleset('firebase.storage', 'storage.rules:3:7: Unexpected "}"');
    expect(closed.evaluate(storageRequest('a.png'), new InMemoryFirestore())).toEqual({
      allowed: false,
      message: 'Denied get on /b/demo-project.appspot.com/o/a.png: storage.rules:3:7: Unexpected "}"',
    });
  });
});
