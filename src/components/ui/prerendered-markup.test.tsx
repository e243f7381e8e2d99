import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrerenderedMarkup } from './prerendered-markup';

const drawn = vi.fn();
function Jar({ name }: { name: string }) {
  drawn(name);
  return (
    <p>
      <a href="/#products">{name}</a>
    </p>
  );
}

afterEach(() => {
  drawn.mockClear();
  document.body.innerHTML = '';
});

describe('PrerenderedMarkup', () => {
  it('takes over the prerendered markup as it is when React hydrates it, without drawing its parts', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // What the prerender wrote (on the server the wrapper draws its parts: tests/config/storefront-build.test.ts).
    container.innerHTML = renderToString(
      <main>
        <div>
          <Jar name="আমের আচার" />
        </div>
      </main>,
    );
    const link = container.querySelector('a');
    drawn.mockClear();
    const problems = vi.fn();

    await act(async () => {
      hydrateRoot(
        container,
        <main>
          <PrerenderedMarkup>
            <Jar name="আমের আচার" />
          </PrerenderedMarkup>
        </main>,
        { onRecoverableError: problems },
      );
    });

    expect(drawn).not.toHaveBeenCalled();
    expect(problems).not.toHaveBeenCalled();
    // The very same nodes, still on the page.
    expect(container.querySelector('a')).toBe(link);
    expect(link).toHaveTextContent('আমের আচার');
    expect(link?.isConnected).toBe(true);
  });

  it('draws its parts when the page is drawn in the browser', () => {
    render(
      <PrerenderedMarkup>
        <Jar name="জলপাইয়ের আচার" />
      </PrerenderedMarkup>,
    );
    expect(drawn).toHaveBeenCalledWith('জলপাইয়ের আচার');
    expect(screen.getByRole('link', { name: 'জলপাইয়ের আচার' })).toHaveAttribute('href', '/#products');
  });
});
