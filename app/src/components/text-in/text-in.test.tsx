import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LangProvider } from '@/lib/lang';
import { TextIn } from './text-in';

const inPage = (page: 'zh' | 'en', text: 'zh' | 'en') =>
  render(
    <LangProvider value={{ lang: page, fullPath: '/' }}>
      <p data-testid="text">
        <TextIn lang={text}>云端灯塔</TextIn>
      </p>
    </LangProvider>,
  );

describe('TextIn', () => {
  it('marks Chinese text on an English page as Chinese', () => {
    inPage('en', 'zh');
    expect(screen.getByText('云端灯塔')).toHaveAttribute('lang', 'zh');
  });

  it('adds nothing when the text is in the page language', () => {
    inPage('zh', 'zh');
    expect(screen.getByTestId('text').innerHTML).toBe('云端灯塔');
  });
});
