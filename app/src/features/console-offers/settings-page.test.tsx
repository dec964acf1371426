// The settings page: the settings in force shown in the form, a bad field refused by core's rule
// before anything is sent, a good form saved with its typed values.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';
import { users } from '@/testing/users';
import { settings } from './fixtures';

describe('console settings', () => {
  it('refuses a retention outside 1 to 365 days before sending, then saves the typed settings', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/settings': ok(settings),
      'PUT /api/admin/settings': ok({ ...settings, registrationOpen: false, accessLogRetentionDays: 14 }),
    });
    const user = userEvent.setup();
    renderApp('/admin/settings', { user: users.admin });
    const retention = await screen.findByLabelText(/访问日志保留天数/, undefined, { timeout: 5000 });
    expect(screen.getByLabelText(/站点名称/)).toHaveValue('听书');

    await user.clear(retention);
    await user.type(retention, '400');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必须是 1 到 365 之间的整数。')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(retention);
    await user.type(retention, '14');
    await user.click(screen.getByLabelText('允许新听众注册'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ accessLogRetentionDays: 14, registrationOpen: false, siteName: '听书' });
    expect(await screen.findByText('设置已保存。')).toBeInTheDocument();
  });

  it('shows an error with a retry when the settings cannot be read', async () => {
    mockFetch({});
    renderApp('/admin/settings', { user: users.admin });
    expect(await screen.findByRole('button', { name: /重试/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
