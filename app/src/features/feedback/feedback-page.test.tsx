// The feedback form sends its fields and shows the server's field errors next to the fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/render-app';

describe('feedback page', () => {
  it('shows server field errors next to the field', async () => {
    const { callsTo } = mockFetch({
      'POST /api/feedback': apiError(400, 'validation_failed', 'Invalid feedback', {
        message: '反馈内容至少需要 10 个字',
      }),
    });
    const user = userEvent.setup();
    renderApp('/feedback');

    const message = await screen.findByRole('textbox', { name: '详细描述' });
    await user.type(message, 'too short');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));

    await waitFor(() => expect(message).toHaveAccessibleDescription('反馈内容至少需要 10 个字'));
    expect(message).toHaveAttribute('aria-invalid', 'true');
    const [call] = callsTo('POST', '/api/feedback');
    expect(call.url).toBe('/api/feedback');
    expect(call.body).toEqual({ category: 'suggestion', message: 'too short', contact: '' });
  });

  it('thanks the sender with a toast and clears the form', async () => {
    mockFetch({ 'POST /api/feedback': ok({ id: 9 }) });
    const user = userEvent.setup();
    renderApp('/en/feedback');

    const message = await screen.findByRole('textbox', { name: 'Details' });
    await user.type(message, 'The chapter list of book 12 is out of order.');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(await within(region).findByText(/Thanks, we've got your feedback/)).toBeInTheDocument();
    expect(message).toHaveValue('');
  });
});
