import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { settingsApi, SettingsApiProvider, type SettingsApi } from '../api/settings-api';

export type FakeSettingsApi = { [K in keyof SettingsApi]: Mock<SettingsApi[K]> };

/**
 * The Settings tab's API for a component test: every call answers nothing until the test says what it answers
 * (a section whose read never ends shows its spinner), and each is a mock the test can ask what it was given.
 */
export function fakeSettingsApi(): FakeSettingsApi {
  const pending = () => new Promise<never>(() => {});
  return Object.fromEntries(
    Object.keys(settingsApi).map((name) => [name, vi.fn(pending)]),
  ) as unknown as FakeSettingsApi;
}

/** Renders a part of the Settings tab as renderWithShop does, on `api`. */
export function renderWithSettingsApi(ui: ReactElement, api: FakeSettingsApi) {
  return renderWithShop(<SettingsApiProvider value={api}>{ui}</SettingsApiProvider>);
}
