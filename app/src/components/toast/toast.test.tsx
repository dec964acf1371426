// The toast area: a toast appears, closes after its duration, leaves after 200 ms, and at most 5 stay.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@/testing/i18n';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

function Trigger() {
  const { toast, toasts } = useToast();
  const count = useRef(0);
  return (
    <>
      <button type="button" onClick={() => toast({ title: `Saved ${(count.current += 1)}`, description: 'Done' })}>
        notify
      </button>
      <output aria-label="entries">{toasts.length}</output>
    </>
  );
}

function renderToasts() {
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <ToastProvider>
        <Trigger />
      </ToastProvider>
    </I18nextProvider>,
  );
  return {
    notify: () => fireEvent.click(screen.getByRole('button', { name: 'notify' })),
    region: () => screen.getByRole('region', { name: 'Notifications (F8)' }),
  };
}

describe('toasts', () => {
  // The area is fetched with the first toast; here its module is loaded once up front.
  beforeAll(async () => {
    await import('./toaster');
  });

  it('appears, closes after 5000 ms, and is removed 200 ms later', async () => {
    vi.useFakeTimers();
    const { notify, region } = renderToasts();
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
    await act(async () => notify());
    expect(within(region()).getByText('Saved 1')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(within(region()).getByText('Saved 1')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    expect(within(region()).queryByText('Saved 1')).not.toBeInTheDocument();
    expect(screen.getByLabelText('entries')).toHaveTextContent('1');

    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByLabelText('entries')).toHaveTextContent('0');
  });

  it('keeps at most 5, dropping the oldest', async () => {
    vi.useFakeTimers();
    const { notify, region } = renderToasts();
    for (let i = 0; i < 7; i += 1) await act(async () => notify());
    const items = within(region()).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(region()).queryByText('Saved 1')).not.toBeInTheDocument();
    expect(within(region()).getByText('Saved 3')).toBeInTheDocument();
    expect(within(region()).getByText('Saved 7')).toBeInTheDocument();
  });

  it('shows no error toast while a toast that silences errors is open, and shows them again once it closed', async () => {
    vi.useFakeTimers();
    let api!: ReturnType<typeof useToast>;
    function Grab() {
      api = useToast();
      return null;
    }
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <ToastProvider>
          <Grab />
        </ToastProvider>
      </I18nextProvider>,
    );
    // Raised in the same tick, as an expired session and its failed request raise them.
    await act(async () => {
      api.toast({ color: 'warning', title: 'Session expired', silencesErrors: true });
      api.toast({ color: 'error', title: 'That did not work' });
      api.toast({ color: 'success', title: 'Saved' });
    });
    expect(api.toasts.map((entry) => entry.title)).toEqual(['Session expired', 'Saved']);

    act(() => vi.advanceTimersByTime(5000));
    await act(async () => {
      api.toast({ color: 'error', title: 'That did not work' });
    });
    expect(api.toasts.filter((entry) => entry.open).map((entry) => entry.title)).toEqual(['That did not work']);
  });

  it('closes with its close button', async () => {
    const { notify, region } = renderToasts();
    await act(async () => notify());
    fireEvent.click(within(region()).getByRole('button', { name: 'Close notification' }));
    expect(within(region()).queryByText('Saved 1')).not.toBeInTheDocument();
  });
});
