import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('is a named image when it has alternative text', () => {
    render(<Avatar name="林听澜" alt="林听澜的头像" />);
    expect(screen.getByRole('img', { name: '林听澜的头像' })).not.toHaveAttribute('aria-hidden');
  });

  it('is hidden from screen readers when decorative, never an unnamed image', () => {
    const { container } = render(<Avatar name="listener" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.avatar')).toHaveAttribute('aria-hidden', 'true');
  });
});
