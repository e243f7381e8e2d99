import { afterEach, describe, expect, it } from 'vitest';
import { rememberSession, sessionHintScript } from './session-hint';

const runHintScript = () => new Function(sessionHintScript())();

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-session');
});

describe('the session hint', () => {
  it('marks the page as having no signed-in shopper when none was signed in here', () => {
    runHintScript();
    expect(document.documentElement.dataset.session).toBe('none');
  });

  it('leaves the page unmarked after a sign-in, and marks it again after a sign-out', () => {
    rememberSession(true);
    runHintScript();
    expect(document.documentElement.dataset.session).toBeUndefined();
    rememberSession(false);
    runHintScript();
    expect(document.documentElement.dataset.session).toBe('none');
  });

  it('cannot end the <script> it is written in', () => {
    expect(sessionHintScript()).not.toContain('<');
  });
});
