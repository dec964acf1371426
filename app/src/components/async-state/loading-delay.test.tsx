// The loading indicators wait 200 ms (spec §9) before they show or announce anything, so a quick
// answer never flashes them; their room is taken from the start, so nothing moves when they show.
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PageLoading } from '@/components/page-loading/page-loading';
import { createTestI18n } from '@/testing/i18n';
import { Skeleton } from './async-state';

beforeEach(() => {
  vi.useFakeTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('loading indicators', () => {
  it('shows the skeleton after 200 ms, keeping its room before', () => {
    const { container } = render(
      <I18nextProvider i18n={createTestI18n()}>
        <Skeleton count={4} />
      </I18nextProvider>,
    );
    const room = () => container.querySelectorAll('.skeleton .skeleton__item').length;
    advance(150);
    expect(screen.queryByRole('status', { name: '加载中…' })).not.toBeInTheDocument();
    expect(room()).toBe(4);
    advance(100);
    expect(screen.getByRole('status', { name: '加载中…' })).toBeInTheDocument();
    expect(room()).toBe(4);
  });

  it('shows the page loading dots after 200 ms, in the room kept for them', () => {
    const { container } = render(<PageLoading label="加载中…" />);
    advance(150);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.querySelector('.page-loading')).not.toBeNull();
    advance(100);
    expect(screen.getByRole('status')).toHaveTextContent('加载中…');
  });
});
