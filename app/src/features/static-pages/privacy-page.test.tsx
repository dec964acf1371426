// The privacy page says what behaviour tracking collects and how a listener declines it, in each language.
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';

describe('the privacy page on behaviour tracking', () => {
  it.each([
    ['/privacy', '隐私政策', /请勿跟踪/, /每天更换密钥的哈希值/],
    ['/en/privacy', 'Privacy Policy', /Do Not Track/, /a hash under a key that changes every day/],
    ['/ja/privacy', 'プライバシーポリシー', /トラッキング拒否/, /毎日鍵が替わるハッシュ値/],
  ])('%s names the signals honoured, the switch, the daily hash and the retention', async (path, title, dnt, hash) => {
    renderApp(path);
    const page = (await screen.findByRole('heading', { level: 1, name: title })).closest('article') ?? document.body;
    const text = page.textContent ?? '';
    expect(text).toMatch(dnt);
    expect(text).toMatch(/Global Privacy Control/);
    expect(text).toMatch(hash);
    expect(text).toMatch(/tracking-session/);
    expect(text).toMatch(/BEHAVIOR_RETENTION_DAYS/);
    expect(text).toMatch(/90/);
    expect(text).not.toMatch(/180/);
  });
});
