import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAppLoadFailure } from './app-load-failure';

afterEach(() => document.body.replaceChildren());

describe('showAppLoadFailure', () => {
  it('says in Bengali that the shop could not load, once, and tries again on request', async () => {
    const retry = vi.fn();
    showAppLoadFailure(retry);
    showAppLoadFailure(retry);
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('দোকানের বাকি অংশ লোড হয়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।');
    await userEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
