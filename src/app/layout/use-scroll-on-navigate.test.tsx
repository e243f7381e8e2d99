import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

/** The hook inside a router opened at `start`, with a way to navigate as a link would. */
function renderAt(start: string) {
  let navigate: NavigateFunction = () => {};
  function Page() {
    useScrollOnNavigate();
    navigate = useNavigate();
    return <section id="products">jars</section>;
  }
  render(
    <MemoryRouter initialEntries={[start]}>
      <Page />
    </MemoryRouter>,
  );
  return { go: (to: string) => act(() => navigate(to)) };
}

// jsdom lays nothing out and has no scrollIntoView: each test gives elements one to watch.
const jsdomScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.restoreAllMocks();
  Element.prototype.scrollIntoView = jsdomScrollIntoView;
});

describe('useScrollOnNavigate', () => {
  it('leaves the page where it is when the app first runs (the shopper may have scrolled to the jars)', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/');
    renderAt('/#products');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('scrolls to the top of a new page, and to the part a hash names, after a navigation in the app', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { go } = renderAt('/');
    await go('/orders');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await go('/#products');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
