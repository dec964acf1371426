import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { book } from '@/testing/catalog-fixtures';
import { fakeIntersectionObserver, reportAllNear } from '@/testing/fake-intersection-observer';
import { BookGrid, Cover, coverSizes } from './book-card';

const withCover = (id: number) => book(id, { coverUrl: `/api/covers/${id}/large` });

describe('covers in the first screen', () => {
  it('are fetched at once and first; the others when they near the screen', () => {
    const { container } = render(
      <>
        <Cover book={withCover(1)} priority />
        <Cover book={withCover(2)} />
      </>,
    );
    const [first, second] = container.querySelectorAll('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority', 'high');
  });

  it('are the first `priorityCount` cards of a grid', () => {
    const { container } = render(
      <MemoryRouter>
        <BookGrid books={[1, 2, 3, 4].map(withCover)} priorityCount={2} />
      </MemoryRouter>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy']);
    // The first screen's covers are drawn with the page, the others decoded off the main thread.
    expect(images.map((img) => img.getAttribute('decoding'))).toEqual(['sync', 'sync', 'async', 'async']);
  });
});

describe('covers below the first screen', () => {
  it('are not asked for until they come near it, their box holding the place', () => {
    const observers = fakeIntersectionObserver();
    const { container } = render(
      <MemoryRouter>
        <BookGrid books={[1, 2, 3].map(withCover)} priorityCount={1} />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/covers/1/large',
    ]);
    expect(container.querySelectorAll('span.cover.cover--md')).toHaveLength(2);
    act(() => reportAllNear(observers));
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/covers/1/large',
      '/api/covers/2/large',
      '/api/covers/3/large',
    ]);
    expect(container.querySelectorAll('span.cover')).toHaveLength(0);
  });
});

describe('cover sizes', () => {
  const srcset =
    '/api/covers/5/small 150w, /api/covers/5/medium 300w, /api/covers/5/card 420w, /api/covers/5/large 600w';

  it('offer the server’s sizes with the width each size of cover is drawn at', () => {
    const { container } = render(
      <>
        <Cover book={book(5, { coverUrl: '/api/covers/5/large', coverSrcset: srcset })} size="sm" />
        <Cover book={book(5, { coverUrl: '/api/covers/5/large', coverSrcset: srcset })} />
        <Cover book={book(5, { coverUrl: '/api/covers/5/large', coverSrcset: srcset })} size="lg" />
      </>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('srcset'))).toEqual([srcset, srcset, srcset]);
    expect(images.map((img) => img.getAttribute('sizes'))).toEqual([coverSizes.sm, coverSizes.md, coverSizes.lg]);
    expect(images.every((img) => img.getAttribute('src') === '/api/covers/5/large')).toBe(true);
  });

  it('leave a cover from elsewhere as it is', () => {
    const { container } = render(
      <Cover book={book(6, { coverUrl: 'https://example.com/c.jpg', coverSrcset: null })} />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://example.com/c.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
