import { act, createElement, Fragment, Suspense, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOWS_SUBJECT, SUBJECT } from './invoker';
import { keepTaps } from './tap-keeper';
import { APP_FAILED, APP_FAILED_RETRY, HEARD, HYDRATED, replayKeptTaps, takeKeptTaps } from './tap-replay';

/** A server-rendered page: two buttons and a field in #root, and the tap keeper run at its top. */
function serverRenderedPage() {
  document.body.innerHTML =
    '<div id="root"><button id="a">অর্ডার করুন</button><button id="b">অর্ডার করুন</button>' +
    '<input id="name" value=""></div>';
  keepTaps(document);
  const root = document.getElementById('root')!;
  return { root, a: document.getElementById('a')!, b: document.getElementById('b')! };
}

/** A page whose dialog a button opens by an invoker command, with a field, a confirm and a close button. */
function pageWithDialog() {
  document.body.innerHTML =
    '<div id="root"><button id="o" commandfor="d" command="show-modal">অর্ডার করুন</button>' +
    '<dialog id="d"><input id="name" value=""><button id="c">নিশ্চিত</button>' +
    '<button id="x" commandfor="d" command="close">বন্ধ</button></dialog></div>';
  keepTaps(document);
  const byId = (id: string) => document.getElementById(id)!;
  return {
    root: byId('root'),
    d: byId('d') as HTMLDialogElement,
    opener: byId('o'),
    confirm: byId('c'),
    close: byId('x'),
  };
}

/** A moment after a dialog opened: a tap then is one of its own, not a double tap's second. */
function aMomentLater() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
}

afterEach(() => {
  vi.useRealTimers();
  takeKeptTaps(); // the listener of a test's page goes with it
  document.body.innerHTML = '';
});

describe('the tap keeper before the app runs', () => {
  it('shows at once on the tapped button that it heard, and keeps the last tap only, once', async () => {
    const { root, a, b } = serverRenderedPage();
    const seen = vi.fn();
    root.addEventListener('click', seen);
    a.click();
    a.click(); // a double tap is one tap
    expect(a).toHaveAttribute(HEARD);
    expect(a).toHaveAttribute('aria-busy', 'true');
    expect(seen).not.toHaveBeenCalled(); // nothing else answers it meanwhile
    b.click();
    expect(a).not.toHaveAttribute(HEARD);
    expect(b).toHaveAttribute(HEARD);

    const kept = takeKeptTaps();
    expect(kept).toEqual([b]);
    expect(b).not.toHaveAttribute(HEARD);
    await replayKeptTaps(root, kept);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0][0].target).toBe(b);
    expect(root).toHaveAttribute(HYDRATED);
  });

  it('lets taps through once the app has taken over', () => {
    const { root, a } = serverRenderedPage();
    expect(takeKeptTaps()).toEqual([]);
    const seen = vi.fn();
    root.addEventListener('click', seen);
    a.click();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(a).not.toHaveAttribute(HEARD);
  });

  it('replays nothing for a button the app has removed meanwhile', async () => {
    const { root, a } = serverRenderedPage();
    a.click();
    const kept = takeKeptTaps();
    const seen = vi.fn();
    a.addEventListener('click', seen);
    a.remove();
    await replayKeptTaps(root, kept);
    expect(seen).not.toHaveBeenCalled();
  });

  it('tells the app what was typed before it ran: the rendered value (to hydrate the field), then the typed', async () => {
    const { root } = serverRenderedPage();
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'রহিম';
    const typed = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    root.addEventListener('input', typed);
    await replayKeptTaps(root, takeKeptTaps());
    expect(typed.mock.results.map((result) => result.value)).toEqual(['', 'রহিম']);
    expect(name.value).toBe('রহিম');
  });

  it('hands what was typed to a form in a Suspense boundary that React hydrates after the first commit', async () => {
    // As the order form on `/`: a controlled field in a boundary of its own, which hydrateRoot leaves to a
    // later pass; boot replays at the page's first commit, so the first event on the field hydrates it.
    function Field() {
      const [name, setName] = useState('');
      return createElement(
        'label',
        null,
        createElement('input', { id: 'name', value: name, onChange: (event) => setName(event.target.value) }),
        createElement('output', null, name),
      );
    }
    const page = (done: () => void) =>
      createElement(
        Fragment,
        null,
        createElement(Suspense, { fallback: null }, createElement(Field)),
        createElement(function AfterFirstCommit() {
          useEffect(done, []);
          return null;
        }),
      );
    document.body.innerHTML = `<div id="root">${renderToString(page(() => {}))}</div>`;
    keepTaps(document);
    const root = document.getElementById('root')!;
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'রহিম'; // typed before the app ran
    const kept = takeKeptTaps();
    const replayed = new Promise<void>((resolve) => {
      hydrateRoot(
        root,
        page(() => void replayKeptTaps(root, kept).then(resolve)),
      );
    });
    await replayed;
    await vi.waitFor(() => expect(root.querySelector('output')).toHaveTextContent('রহিম'));
    expect(name.value).toBe('রহিম');
  });

  it('hands over every typed field of one form, though handing over the first re-renders the others', async () => {
    // As the order form (Formik): the fields' values live in one state, so the first field's hand-over renders the
    // whole form again, and React sets each controlled field back to the state's value (the address, still empty).
    function Form() {
      const [values, setValues] = useState({ name: '', address: '' });
      const change = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValues((now) => ({ ...now, [event.target.name]: event.target.value }));
      return createElement(
        'form',
        null,
        createElement('input', { name: 'name', value: values.name, onChange: change }),
        createElement('textarea', { name: 'address', value: values.address, onChange: change }),
        createElement('output', null, `${values.name}|${values.address}`),
      );
    }
    const page = (done: () => void) =>
      createElement(
        Fragment,
        null,
        createElement(Form),
        createElement(function AfterFirstCommit() {
          useEffect(done, []);
          return null;
        }),
      );
    document.body.innerHTML = `<div id="root">${renderToString(page(() => {}))}</div>`;
    keepTaps(document);
    const root = document.getElementById('root')!;
    // Typed before the app ran.
    (root.querySelector('input') as HTMLInputElement).value = 'করিম';
    (root.querySelector('textarea') as HTMLTextAreaElement).value = 'জিনজিরা';
    const kept = takeKeptTaps();
    await new Promise<void>((resolve) => {
      hydrateRoot(
        root,
        page(() => void replayKeptTaps(root, kept).then(resolve)),
      );
    });
    await vi.waitFor(() => expect(root.querySelector('output')).toHaveTextContent('করিম|জিনজিরা'));
    expect(root.querySelector('textarea')).toHaveValue('জিনজিরা');
  });

  it("says so when a file of the app fails to load, stops the kept tap's pulse, and offers to load the page again", () => {
    const { a } = serverRenderedPage();
    a.click();
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error')); // as a module script that could not be fetched
    script.dispatchEvent(new Event('error')); // a second failure: still one notice
    const notices = document.querySelectorAll(`#${APP_FAILED}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveAttribute('role', 'alert');
    expect(a).not.toHaveAttribute(HEARD);
    a.click(); // a tap after it: nothing would answer it, so it is not marked heard
    expect(a).not.toHaveAttribute(HEARD);
    const reload = vi.fn();
    vi.stubGlobal('location', { reload });
    (notices[0].querySelector('button') as HTMLButtonElement).click();
    vi.unstubAllGlobals();
    expect(notices[0].querySelector('button')).toHaveTextContent(APP_FAILED_RETRY);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(takeKeptTaps()).toEqual([]);
    script.remove();
  });

  it('opens a dialog from its invoker button at once, and gives the app that button, then the last tap in it', async () => {
    const { root, d, opener, confirm } = pageWithDialog();
    const seen: Element[] = [];
    root.addEventListener('click', (event) => seen.push(event.target as Element));
    opener.click();
    expect(d.open).toBe(true); // where the browser lacks invoker commands, as jsdom does
    expect(opener).not.toHaveAttribute(HEARD); // the dialog is the answer
    aMomentLater();
    (document.getElementById('name') as HTMLInputElement).value = 'রহিম';
    confirm.click();
    confirm.click();
    expect(confirm).toHaveAttribute(HEARD);
    expect(seen).toEqual([opener]); // the opener reaches the page; the kept tap does not

    const kept = takeKeptTaps();
    expect(kept).toEqual([opener, confirm]);
    const typed = vi.fn();
    root.addEventListener('input', typed);
    seen.length = 0;
    await replayKeptTaps(root, kept);
    expect(seen).toEqual([opener, confirm]); // what was opened, then the confirm, once each
    expect(typed).toHaveBeenCalledTimes(2); // the rendered value, then the typed
  });

  it('does not open again a dialog closed after the keeper gave its taps (Escape while the page hydrated)', async () => {
    const { root, d, opener } = pageWithDialog();
    const seen: Element[] = [];
    root.addEventListener('click', (event) => seen.push(event.target as Element));
    opener.click();
    const kept = takeKeptTaps();
    expect(kept).toEqual([opener]);
    d.close();
    seen.length = 0;
    await replayKeptTaps(root, kept);
    expect(seen).toEqual([]);
    expect(d.open).toBe(false);
  });

  it('names in its dialog what the button opened it for, which hydration keeps until the app names it itself', async () => {
    // As the order form on `/`: rendered by the server for no jar yet; the tapped card's button carries its line.
    let nameTheJar: (line: string) => void = () => {};
    function Page() {
      const [line, setLine] = useState<string | null>(null);
      nameTheJar = setLine;
      return createElement(
        Fragment,
        null,
        createElement('button', {
          id: 'o',
          commandfor: 'd',
          command: 'show-modal',
          [SUBJECT]: 'আমের আচার · ৳৩৫০',
        }),
        createElement(
          'dialog',
          { id: 'd' },
          createElement('p', { [SHOWS_SUBJECT]: '', suppressHydrationWarning: true }, line ?? ''),
        ),
      );
    }
    document.body.innerHTML = `<div id="root">${renderToString(createElement(Page))}</div>`;
    keepTaps(document);
    const root = document.getElementById('root')!;
    const line = root.querySelector('p')!;
    expect(line).toHaveTextContent(/^$/);
    document.getElementById('o')!.click();
    expect((document.getElementById('d') as HTMLDialogElement).open).toBe(true);
    expect(line).toHaveTextContent('আমের আচার · ৳৩৫০');

    takeKeptTaps();
    const mismatch = vi.fn();
    await new Promise<void>((resolve) => {
      hydrateRoot(
        root,
        createElement(
          Fragment,
          null,
          createElement(Page),
          createElement(function Done() {
            useEffect(resolve, []);
            return null;
          }),
        ),
        { onRecoverableError: mismatch },
      );
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(line).toHaveTextContent('আমের আচার · ৳৩৫০');
    await act(() => nameTheJar('আমের আচার · প্রতি বয়ামের দাম ৳৩৫০'));
    expect(root.querySelector('p')).toHaveTextContent(/^আমের আচার · প্রতি বয়ামের দাম ৳৩৫০$/);
  });

  it('takes the second tap of a double tap that opened a dialog as the same tap, not one in the dialog', () => {
    const { d, opener, confirm } = pageWithDialog();
    const seen = vi.fn();
    d.addEventListener('click', seen);
    opener.click();
    confirm.click(); // the same finger, a moment later, where the dialog now is
    d.click();
    expect(d.open).toBe(true);
    expect(confirm).not.toHaveAttribute(HEARD);
    expect(seen).not.toHaveBeenCalled();
    expect(takeKeptTaps()).toEqual([opener]);
  });

  it('closes an open dialog on a tap on its backdrop or its close button, and forgets the taps made in it', async () => {
    const { d, opener, confirm } = pageWithDialog();
    opener.click();
    aMomentLater();
    confirm.click();
    d.click(); // a tap beside the content lands on the dialog itself: its backdrop
    expect(d.open).toBe(false);
    expect(confirm).not.toHaveAttribute(HEARD);
    expect(takeKeptTaps()).toEqual([]);

    const again = pageWithDialog();
    again.opener.click();
    aMomentLater();
    again.close.click();
    expect(again.d.open).toBe(false);
    expect(takeKeptTaps()).toEqual([]); // nothing to replay: what was opened is closed
  });

  it('closes an open dialog when the app cannot come, and opens none after', () => {
    const { d, opener } = pageWithDialog();
    opener.click();
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    expect(d.open).toBe(false);
    expect(document.getElementById(APP_FAILED)).not.toBeNull();
    opener.click();
    expect(d.open).toBe(false);
    expect(takeKeptTaps()).toEqual([]);
    script.remove();
  });

  it('leaves failures to the app once it has taken over, and ignores an image that fails', () => {
    serverRenderedPage();
    const image = document.createElement('img');
    document.body.appendChild(image);
    image.dispatchEvent(new Event('error'));
    expect(document.getElementById(APP_FAILED)).toBeNull();
    takeKeptTaps();
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    expect(document.getElementById(APP_FAILED)).toBeNull();
    script.remove();
  });
});
