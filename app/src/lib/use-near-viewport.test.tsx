// useNearViewport: false until the observer reports the element near, then true for good; true without an observer.
import { act, render, screen } from '@testing-library/react';
import { fakeIntersectionObserver } from '@/testing/fake-intersection-observer';
import { nearViewportMargin, useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  it('is far until the element comes within the margin, then near for good', () => {
    const observers = fakeIntersectionObserver();
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0].options?.rootMargin).toBe(`${nearViewportMargin} 0px`);
    expect(observers[0].observed[0]).toBe(screen.getByText('far'));

    act(() => observers[0].report([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observers[0].report([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observers[0].disconnected).toBe(true);
    expect(observers).toHaveLength(1);
  });

  it('counts every element as near where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
