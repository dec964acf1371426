// The reset-password page a link opens: the new password sent with the link's token; a password the
// server refuses named under its field; a used link said above the form; no token, no form.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

describe('reset password page', () => {
  it('sets the new password with the link’s token, then points to sign-in', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/password-reset': ok(null) });
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText('新密码', undefined, { timeout: 5000 }), 'a-Fresh-start-2027');
    await user.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText(/密码已设置/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/auth/login');
    expect(callsTo('POST', '/api/auth/password-reset')[0].body).toEqual({
      token: 'tok-1',
      newPassword: 'a-Fresh-start-2027',
    });
  });

  it('names a refused password under its field and a used link above the form', async () => {
    mockFetch({
      'POST /api/auth/password-reset': [
        apiError(400, 'validation_failed', '请检查标出的字段。', { newPassword: '至少使用 8 个字符。' }),
        apiError(400, 'validation_failed', '请检查标出的字段。', {
          token: '此重置链接无效、已使用或已过期；请向管理员索取新的链接。',
        }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/reset-password?token=tok-1');
    const field = await screen.findByLabelText('新密码', undefined, { timeout: 5000 });
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText('至少使用 8 个字符。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '设置密码' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('此重置链接无效、已使用或已过期');
  });

  it('offers no form without a token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/此链接缺少重置码/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '设置密码' })).not.toBeInTheDocument();
  });
});
