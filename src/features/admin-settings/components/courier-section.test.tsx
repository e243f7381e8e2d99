import { screen } from '@testing-library/react';
import { renderWithShop } from '@/testing/render';
import { courierSettingsTexts as t } from '../texts';
import { CourierSection } from './courier-section';

const api = vi.hoisted(() => ({ loadCourierStatus: vi.fn() }));
vi.mock('../api/courier-status', () => api);

describe('the courier in Settings', () => {
  it('says the keys are missing, never showing a key', async () => {
    api.loadCourierStatus.mockResolvedValue({ keysSet: false, credentials: 'unknown' });
    renderWithShop(<CourierSection />);
    expect(await screen.findByTestId('courier-keys')).toHaveTextContent(t.keysMissing);
    expect(screen.queryByTestId('courier-credentials')).not.toBeInTheDocument();
  });

  it('says when the courier refused the keys the last time', async () => {
    api.loadCourierStatus.mockResolvedValue({ keysSet: true, credentials: 'bad' });
    renderWithShop(<CourierSection />);
    expect(await screen.findByTestId('courier-keys')).toHaveTextContent(t.keysSet);
    expect(screen.getByRole('alert')).toHaveTextContent(t.badCredentials);
  });

  it('says when the keys worked, and when the status cannot be read', async () => {
    api.loadCourierStatus.mockResolvedValueOnce({ keysSet: true, credentials: 'ok' });
    const { unmount } = renderWithShop(<CourierSection />);
    expect(await screen.findByTestId('courier-credentials')).toHaveTextContent(t.credentialsOk);
    unmount();
    api.loadCourierStatus.mockRejectedValueOnce(new Error('offline'));
    renderWithShop(<CourierSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadError);
  });
});
