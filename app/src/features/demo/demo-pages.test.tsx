// The demo pages render core's formatting: durations table and the three-language table.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';

describe('demo pages', () => {
  it('/demo/timezone-format shows durations as core formats them', async () => {
    renderApp('/demo/timezone-format');
    const expected: Record<number, string> = {
      0: '00:00',
      5: '00:05',
      65: '01:05',
      3599: '59:59',
      3600: '01:00:00',
      3661: '01:01:01',
      36000: '10:00:00',
      [-1]: '00:00',
    };
    for (const [seconds, text] of Object.entries(expected)) {
      expect(await screen.findByTestId(`duration-${seconds}`)).toHaveTextContent(text);
    }
  });

  it('/demo/timezone-format stores a picked allowed time zone', async () => {
    const user = userEvent.setup();
    renderApp('/demo/timezone-format');
    const select = await screen.findByRole('combobox', { name: '时区' });
    expect(within(select).getAllByRole('option')).toHaveLength(8);
    await user.selectOptions(select, 'Asia/Tokyo');
    expect(window.localStorage.getItem('user-timezone')).toBe('Asia/Tokyo');
  });

  it('/en/demo/i18n shows the premium status texts of all three languages', async () => {
    renderApp('/en/demo/i18n');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('免费用户')).toBeInTheDocument();
    expect(within(table).getByText('永久会员')).toBeInTheDocument();
    expect(within(table).getByText('会员已过期')).toBeInTheDocument();
  });
});
