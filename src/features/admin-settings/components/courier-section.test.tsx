import { screen } from '@testing-library/react';
import { courierSettingsTexts as t } from '../texts';
import { CourierSection } from './courier-section';
import { fakeSettingsApi, renderWithSettingsApi } from './fake-settings-api';

const api = fakeSettingsApi();

describe('the courier in Settings', () => {
  it('says the keys are missing, never showing a key', async () => {
    api.loadCourierStatus.mockResolvedValue({ keysSet: false, credentials: 'unknown' });
    renderWithSettingsApi(<CourierSection />, api);
    expect(await screen.findByTestId('courier-keys')).toHaveTextContent(t.keysMissing);
    expect(screen.queryByTestId('courier-credentials')).not.toBeInTheDocument();
  });

  it('says when the courier refused the keys the last time', async () => {
    api.loadCourierStatus.mockResolvedValue({ keysSet: true, credentials: 'bad' });
    renderWithSettingsApi(<CourierSection />, api);
    expect(await screen.findByTestId('courier-keys')).toHaveTextContent(t.keysSet);
    expect(screen.getByRole('alert')).toHaveTextContent(t.badCredentials);
  });

  it('says when the keys worked, and when the status cannot be read', async () => {
    api.loadCourierStatus.mockResolvedValueOnce({ keysSet: true, credentials: 'ok' });
    const { unmount } = renderWithSettingsApi(<CourierSection />, api);
    expect(await screen.findByTestId('courier-credentials')).toHaveTextContent(t.credentialsOk);
    unmount();
    api.loadCourierStatus.mockRejectedValueOnce(new Error('offline'));
    renderWithSettingsApi(<CourierSection />, api);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadError);
  });
});
