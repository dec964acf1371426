// The error screen's icons say what happened: the 403 shield carries a "no entry" sign, never a tick.
import { render } from '@testing-library/react';
import { ErrorIcon, forbiddenMark } from './error-icon';

const pathOf = (name: string) => {
  const { container } = render(<ErrorIcon name={name} />);
  return container.querySelector('path')!.getAttribute('d')!;
};

describe('error icons', () => {
  it('draws the refused (403) shield with a barred circle, not an approving tick', () => {
    const shield = pathOf('shield');
    expect(shield.endsWith(forbiddenMark)).toBe(true);
    // A tick is a short stroke down-right then a longer one up-right ("l1.8 1.8 3.7-3.8").
    expect(shield).not.toMatch(/l\d(\.\d+)? \d(\.\d+)? \d(\.\d+)?-\d/);
  });

  it('keeps the lock for sign-in (401)', () => {
    expect(pathOf('lock')).not.toContain(forbiddenMark);
  });
});
