import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTaps } from './tap-keeper';
import { APP_FAILED, APP_FAILED_RETRY, HEARD, HYDRATED, replayKeptTaps, takeKeptTap } from './tap-replay';

/** A server-rendered page: two buttons and a field in #root, and the tap keeper run at its top. */
function serverRenderedPage() {
  document.body.innerHTML =
    '<div id="root"><button id="a">অর্ডার করুন</button><button id="b">অর্ডার করুন</button>' +
    '<input id="name" value=""></div>';
  keepTaps(document);
  const root = document.getElementById('root')!;
  return { root, a: document.getElementById('a')!, b: document.getElementById('b')! };
}

afterEach(() => {
  takeKeptTap(); // the listener of a test's page goes with it
  document.body.innerHTML = '';
});

describe('the tap keeper before the app runs', () => {
  it('shows at once on the tapped button that it heard, and keeps the last tap only, once', () => {
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

    const kept = takeKeptTap();
    expect(kept).toBe(b);
    expect(b).not.toHaveAttribute(HEARD);
    replayKeptTaps(root, kept);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0][0].target).toBe(b);
    expect(root).toHaveAttribute(HYDRATED);
  });

  it('lets taps through once the app has taken over', () => {
    const { root, a } = serverRenderedPage();
    expect(takeKeptTap()).toBeNull();
    const seen = vi.fn();
    root.addEventListener('click', seen);
    a.click();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(a).not.toHaveAttribute(HEARD);
  });

  it('replays nothing for a button the app has removed meanwhile', () => {
    const { root, a } = serverRenderedPage();
    a.click();
    const kept = takeKeptTap();
    const seen = vi.fn();
    a.addEventListener('click', seen);
    a.remove();
    replayKeptTaps(root, kept);
    expect(seen).not.toHaveBeenCalled();
  });

  it('tells the app what was typed before it ran, with an input event per changed field', () => {
    const { root } = serverRenderedPage();
    const name = document.getElementById('name') as HTMLInputElement;
    name.value = 'রহিম';
    const typed = vi.fn((event: Event) => (event.target as HTMLInputElement).value);
    root.addEventListener('input', typed);
    replayKeptTaps(root, takeKeptTap());
    expect(typed).toHaveBeenCalledTimes(1);
    expect(typed.mock.results[0].value).toBe('রহিম');
    expect(name.value).toBe('রহিম');
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
    expect(takeKeptTap()).toBeNull();
    script.remove();
  });

  it('leaves failures to the app once it has taken over, and ignores an image that fails', () => {
    serverRenderedPage();
    const image = document.createElement('img');
    document.body.appendChild(image);
    image.dispatchEvent(new Event('error'));
    expect(document.getElementById(APP_FAILED)).toBeNull();
    takeKeptTap();
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    expect(document.getElementById(APP_FAILED)).toBeNull();
    script.remove();
  });
});
