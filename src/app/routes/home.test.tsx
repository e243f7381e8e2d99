import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HomeRoute } from './home';

// Who is signed in, as a store the test changes the way Firebase's listener would.
const signedIn = vi.hoisted(() => {
  let user: { uid: string } | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => user,
    set(next: { uid: string } | null) {
      user = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('@/features/auth', () => ({
  useAuth: () => ({ user: useSyncExternalStore(signedIn.subscribe, signedIn.get) }),
}));
vi.mock('../layout/search-context', () => ({
  useStorefrontSearch: () => ({ searchTerm: '', setSearchTerm: () => {} }),
}));

// Each section counts how often it is drawn.
const drawn = vi.hoisted(() => ({ hero: 0, products: 0, whyUs: 0 }));
vi.mock('@/features/catalog', () => ({
  HeroSection: () => <p>hero {++drawn.hero}</p>,
  ProductsSection: () => <p>products {++drawn.products}</p>,
  WhyChooseUs: () => <p>why us {++drawn.whyUs}</p>,
  paymentMethodsOnPage: () => null,
}));

describe('HomeRoute', () => {
  it('does not draw its sections again when the sign-in state arrives', () => {
    render(<HomeRoute />);
    expect(screen.getByText('products 1')).toBeInTheDocument();
    act(() => signedIn.set({ uid: 'shopper' }));
    act(() => signedIn.set(null));
    expect(drawn).toEqual({ hero: 1, products: 1, whyUs: 1 });
  });
});
